import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { env } from '@/lib/env';

/**
 * OWASP's "device cookies": a browser that has logged in to an account before carries a signed
 * mark for that account, and its attempts are counted on their own instead of sharing the delay
 * that strangers' failures put on the account (login-delay.ts). So nobody can keep the owner out
 * of their usual browser by guessing, while a guesser without the mark still waits.
 *
 * One cookie holds the marks of the last few accounts used in this browser (a reception desk
 * shares one PC). A mark is `nonce.signature`; the signature binds the nonce to the e-mail, so
 * the cookie names no account and a mark cannot be moved to another one.
 */
export const KNOWN_DEVICES_COOKIE = 'crm_device';
export const KNOWN_DEVICE_DAYS = 180;
const MAX_MARKS = 5;
const MARK = /^[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{43}$/;

function signatureOf(email: string, nonce: string, secret: string): string {
  return createHmac('sha256', secret).update(`known-device\u0000${email}\u0000${nonce}`).digest('base64url');
}

function marksOf(cookie: string | null | undefined): string[] {
  return (cookie ?? '').split('~').filter((mark) => MARK.test(mark)).slice(0, MAX_MARKS);
}

/** The secret the marks are signed with; without AUTH_SECRET (the demo) no browser is ever known. */
const secretOf = (secret: string | undefined = env().AUTH_SECRET) => secret ?? null;

/** This browser's mark for `email` (its nonce names the device's own counter), or null. */
export function knownDeviceOf(cookie: string | null | undefined, email: string, secret = secretOf()): string | null {
  if (!secret) return null;
  for (const mark of marksOf(cookie)) {
    const [nonce, signature] = mark.split('.');
    const expected = Buffer.from(signatureOf(email, nonce, secret));
    if (timingSafeEqual(Buffer.from(signature), expected)) return nonce;
  }
  return null;
}

/** The cookie after a successful login: a fresh mark for `email` first, the other accounts' after it. */
export function rememberDevice(cookie: string | null | undefined, email: string, secret = secretOf()): string | null {
  if (!secret) return null;
  const previous = knownDeviceOf(cookie, email, secret);
  const others = marksOf(cookie).filter((mark) => !previous || !mark.startsWith(`${previous}.`));
  const nonce = randomBytes(12).toString('base64url');
  return [`${nonce}.${signatureOf(email, nonce, secret)}`, ...others].slice(0, MAX_MARKS).join('~');
}

/** Reads one cookie from a Cookie header (the login's request). */
export function cookieFrom(header: string | null | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return null;
}
