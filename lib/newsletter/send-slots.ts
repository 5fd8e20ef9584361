import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { resultRows } from '@/db/result-rows';

/**
 * A send slot per provider key, shared by every instance through PostgreSQL: each call takes the
 * next free slot, `spacingMs` after the previous one, and waits for it. Slots are spaced a little
 * wider than 1/rate, so a call that leaves a few milliseconds late still keeps the rate.
 */
export const slotSpacingMs = (ratePerSecond: number) => Math.ceil((1000 / ratePerSecond) * 1.1);

/** Reserves the key's next slot; answers how many milliseconds to wait for it (the database's clock). */
export async function reserveSendSlot(db: DbOrTx, keyHash: string, spacingMs: number): Promise<number> {
  const rows = resultRows<{ wait_ms: number }>(
    await db.execute(sql`insert into provider_send_slots as s (key_hash, next_at)
        values (${keyHash}, clock_timestamp() + make_interval(secs => ${spacingMs}::float8 / 1000))
        on conflict (key_hash) do update
          set next_at = greatest(s.next_at, clock_timestamp()) + make_interval(secs => ${spacingMs}::float8 / 1000)
        returning greatest(0, extract(epoch from (next_at - clock_timestamp())) * 1000 - ${spacingMs})::float8 as wait_ms`),
  );
  return Number(rows[0]?.wait_ms ?? 0);
}

/** The provider said to wait (429 Retry-After): no instance takes a slot of this key before then. */
export async function holdSendSlots(db: DbOrTx, keyHash: string, waitMs: number): Promise<void> {
  const until = sql`clock_timestamp() + make_interval(secs => ${waitMs}::float8 / 1000)`;
  await db.execute(
    sql`insert into provider_send_slots as s (key_hash, next_at, held_until) values (${keyHash}, ${until}, ${until})
        on conflict (key_hash) do update set next_at = greatest(s.next_at, ${until}), held_until = greatest(s.held_until, ${until})`,
  );
}

/** Milliseconds left of a 429's hold on this key (0 when none): a call whose slot came up checks it last. */
export async function heldForMs(db: DbOrTx, keyHash: string): Promise<number> {
  const rows = resultRows<{ held_ms: number }>(
    await db.execute(sql`select greatest(0, extract(epoch from (held_until - clock_timestamp())) * 1000)::float8 as held_ms
      from provider_send_slots where key_hash = ${keyHash} and held_until is not null`),
  );
  return Number(rows[0]?.held_ms ?? 0);
}
