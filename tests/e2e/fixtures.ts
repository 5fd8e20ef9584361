import { randomInt } from 'node:crypto';
import { test as base } from '@playwright/test';

export * from '@playwright/test';

/**
 * The browser tests run as production does behind its balancer (TRUST_PROXY=1): each test is a
 * client of its own address, as the guests and staff of many campsites are, so the limits by
 * address (contact form, PDF, login failures…) count each test on its own instead of the whole
 * suite as one caller. tests/e2e/client-address.spec.ts starts a server without the balancer.
 */
export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` });
  },
});
