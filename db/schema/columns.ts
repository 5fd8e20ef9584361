import { customType, integer, text, timestamp } from 'drizzle-orm/pg-core';
import { newId } from '../../lib/ids';

export const id = () => text('id').primaryKey().$defaultFn(newId);

/**
 * Lists are newest first: their indexes are (camping_id, created_at, id) ascending and the
 * queries order by created_at desc, id desc, which PostgreSQL reads as one backward index scan.
 * (An index declared DESC comes out NULLS LAST and no longer matches a plain DESC order.)
 */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** Mongo's __v, kept because the legacy JSON exposes it; bumped on every edit. */
export const version = () => integer('version').notNull().default(0);

export const timestampTz = (name: string) => timestamp(name, { withTimezone: true });

/** Binary content (images, attachments) kept in the database so the demo needs no file store. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
