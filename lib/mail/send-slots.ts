import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { resultRows } from '@/db/result-rows';

/**
 * The provider counts calls per key over any sliding second, wherever they come from: the key's
 * turn is shared by every instance through PostgreSQL (provider_send_slots.next_at, the earliest
 * moment the next call may leave). Turns are spaced a little wider than 1/rate, so that a call
 * that reaches the provider a few milliseconds later than it left still keeps the rate.
 */
/**
 * The row of one provider account in the turns' table: a hash, so the key itself is never stored.
 * The outbox and the newsletters compute it alike, so one key used for both shares its turns.
 */
export const sendSlotKey = (secret: string) => createHash('sha256').update(secret).digest('hex').slice(0, 32);

export const slotSpacingMs = (ratePerSecond: number) => Math.ceil((1000 / ratePerSecond) * 1.1);

/**
 * Takes the key's turn if it has come (answers 0: send now, nothing else in between), or answers
 * how many milliseconds to wait before asking again (the database's clock). The turn is taken at
 * the last moment before the call, never reserved ahead: a reservation made before the round trips
 * that precede the call let a late call and the next punctual one leave 3 calls within 831 ms.
 * The next turn counts from the one before (no drift: the rate stays at 1/spacing) but never
 * comes sooner than 1/rate after this call, however late this call was; so any three calls are
 * at least 2 × spacing − (spacing − 1/rate) apart, 1,050 ms at 2 a second.
 */
export async function takeSendTurn(db: DbOrTx, keyHash: string, ratePerSecond: number): Promise<number> {
  const spacing = slotSpacingMs(ratePerSecond);
  const floor = Math.ceil(1000 / ratePerSecond);
  const ms = (value: number) => sql`make_interval(secs => ${value}::float8 / 1000)`;
  const rows = resultRows<{ taken: boolean; wait_ms: number | null }>(
    await db.execute(sql`with turn as (
        insert into provider_send_slots as s (key_hash, next_at) values (${keyHash}, clock_timestamp() + ${ms(spacing)})
        on conflict (key_hash) do update
          set next_at = greatest(s.next_at + ${ms(spacing)}, clock_timestamp() + ${ms(floor)})
          where s.next_at <= clock_timestamp() and (s.held_until is null or s.held_until <= clock_timestamp())
        returning 1
      )
      select exists (select 1 from turn) as taken,
        (select greatest(0, extract(epoch from (greatest(next_at, held_until) - clock_timestamp())) * 1000)::float8
          from provider_send_slots where key_hash = ${keyHash}) as wait_ms`),
  );
  const [row] = rows;
  if (row?.taken) return 0;
  // Lost to a call that took the turn in the same instant: this statement's snapshot may still show
  // the old turn, so wait a moment rather than none.
  return Math.max(5, Number(row?.wait_ms ?? 0));
}

/** The provider said to wait (429 Retry-After): no instance takes a turn of this key before then. */
export async function holdSendSlots(db: DbOrTx, keyHash: string, waitMs: number): Promise<void> {
  const until = sql`clock_timestamp() + make_interval(secs => ${waitMs}::float8 / 1000)`;
  await db.execute(
    sql`insert into provider_send_slots as s (key_hash, next_at, held_until) values (${keyHash}, ${until}, ${until})
        on conflict (key_hash) do update set next_at = greatest(s.next_at, ${until}), held_until = greatest(s.held_until, ${until})`,
  );
}
