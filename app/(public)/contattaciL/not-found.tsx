import { GuestNotFound } from '@/components/guest/guest-not-found';

/** An unknown campsite: the guest 404 in every guest language, saying nothing about why. */
export default GuestNotFound;
