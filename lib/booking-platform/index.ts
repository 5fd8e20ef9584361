import { env } from '../env';
import { DemoBookingPlatform } from './demo-platform';
import { HttpBookingPlatform } from './http-platform';
import type { BookingPlatform } from './types';

export type * from './types';

// One per process: the HTTP client's catalogue cache and the demo's bookings live in it.
let instance: BookingPlatform | undefined;

/** The real platform when BOOKING_PLATFORM_URL is set, else the built-in demo. */
export function getBookingPlatform(): BookingPlatform {
  if (instance) return instance;
  const { BOOKING_PLATFORM_URL: url, BOOKING_PLATFORM_CLIENT_KEY: clientKey, BOOKING_PLATFORM_TIMEOUT_MS: timeoutMs } = env();
  // env() already refuses a URL without a key; the check narrows the type.
  instance = url && clientKey ? new HttpBookingPlatform({ url, clientKey, timeoutMs }) : new DemoBookingPlatform();
  return instance;
}
