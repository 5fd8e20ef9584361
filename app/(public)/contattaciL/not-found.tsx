import { GuestNotFound } from '@/components/guest/guest-not-found';

/** An unknown campsite: the guest 404 in the three guest languages, saying nothing about why. */
export default GuestNotFound;
