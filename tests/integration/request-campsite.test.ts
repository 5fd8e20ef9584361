import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { runStreamingUnitOfWork } from '@/lib/context/streamed';
import { runUnitOfWork } from '@/lib/context/unit-of-work';
import { requestContext, type RequestStore } from '@/lib/ops/request-context.mjs';
import { useTestDatabase } from '../helpers/db';

// The request's log line names the campsite its unit of work walled (server.mjs reads the store),
// on PostgreSQL and on the embedded PGlite alike, through both ways in.
let db: Database;

beforeAll(async () => {
  db = await useTestDatabase();
});

describe('the campsite of the request being served', () => {
  for (const [name, run] of [
    ['runUnitOfWork', runUnitOfWork],
    ['runStreamingUnitOfWork', runStreamingUnitOfWork],
  ] as const) {
    it(`is noted by ${name} for a campsite's work, never for system work`, async () => {
      const guest: RequestStore = { requestId: 'r-1' };
      await requestContext.run(guest, () => run({ kind: 'guest', campsiteId: 'campeggio-1' }, async () => null, db));
      expect(guest.campsiteId).toBe('campeggio-1');
      const system: RequestStore = { requestId: 'r-2' };
      await requestContext.run(system, () => run({ kind: 'system', reason: 'prova' }, async () => null, db));
      expect(system.campsiteId).toBeUndefined();
    });
  }
});
