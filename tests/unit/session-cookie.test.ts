import { encode } from 'next-auth/jwt';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readSessionCookie } from '@/lib/auth/session-cookie';

const secret = 'a-test-secret-of-at-least-32-characters!';
const PLAIN = 'authjs.session-token';
const SECURE = '__Secure-authjs.session-token';

const token = (claims: Record<string, unknown>, name = PLAIN, maxAge = 3600, key = secret) => encode({ token: claims, secret: key, salt: name, maxAge });

describe('readSessionCookie', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads the session id and pack level that Auth.js signed at login, under either cookie name', async () => {
    const plain = await token({ sub: 'u1', sid: 'session-1', pl: 10 });
    expect(await readSessionCookie(`theme=dark; ${PLAIN}=${plain}`, secret)).toEqual({ sessionId: 'session-1', packLevel: 10 });
    const secure = await token({ sub: 'u1', sid: 'session-2', pl: 0 }, SECURE);
    expect(await readSessionCookie(`${SECURE}=${secure}`, secret)).toEqual({ sessionId: 'session-2', packLevel: 0 });
  });

  it('joins a cookie that Auth.js split in chunks', async () => {
    const value = await token({ sub: 'u1', sid: 'session-3', pl: 10 });
    const half = Math.floor(value.length / 2);
    expect(await readSessionCookie(`${PLAIN}.1=${value.slice(half)}; ${PLAIN}.0=${value.slice(0, half)}`, secret)).toEqual({ sessionId: 'session-3', packLevel: 10 });
  });

  it('refuses a cookie that is tampered with, signed with another secret, under the wrong name or without a session', async () => {
    const value = await token({ sub: 'u1', sid: 'session-4', pl: 10 });
    const tampered = value.slice(0, -3) + (value.endsWith('AAA') ? 'BBB' : 'AAA');
    expect(await readSessionCookie(`${PLAIN}=${tampered}`, secret)).toBeNull();
    expect(await readSessionCookie(`${PLAIN}=${await token({ sid: 'x' }, PLAIN, 3600, 'another-secret-of-at-least-32-characters')}`, secret)).toBeNull();
    // The salt is the cookie's name: a plain-cookie value does not pass as the secure one.
    expect(await readSessionCookie(`${SECURE}=${value}`, secret)).toBeNull();
    expect(await readSessionCookie(`${PLAIN}=${await token({ sub: 'u1' })}`, secret)).toBeNull();
    expect(await readSessionCookie(null, secret)).toBeNull();
    expect(await readSessionCookie('other=1', secret)).toBeNull();
  });

  it('refuses an expired cookie, also when the same cookie was read before it expired', async () => {
    expect(await readSessionCookie(`${PLAIN}=${await token({ sid: 'old' }, PLAIN, -60)}`, secret)).toBeNull();
    const value = await token({ sid: 'short', pl: 10 }, PLAIN, 60);
    expect(await readSessionCookie(`${PLAIN}=${value}`, secret)).toEqual({ sessionId: 'short', packLevel: 10 });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    expect(await readSessionCookie(`${PLAIN}=${value}`, secret)).toBeNull();
  });
});
