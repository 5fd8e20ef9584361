import { randomBytes } from 'node:crypto';

/**
 * Opaque id with 128 random bits, URL-safe (22 characters).
 * Quote and contact ids travel in public links, so they must not be guessable;
 * every table uses the same generator so no id leaks an order or a count.
 */
export function newId(): string {
  return randomBytes(16).toString('base64url');
}

/** A secret to hand out once (login tokens, bearer tokens): 256 random bits. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}
