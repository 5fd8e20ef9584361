import { GuestNotFound } from '@/components/guest/guest-not-found';

export default GuestNotFound;
