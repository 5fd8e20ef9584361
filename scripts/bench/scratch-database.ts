import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { openDatabase } from '../../db/client';

/**
 * A database a benchmark may fill and throw away: PGlite in memory, or with DATABASE_URL a
 * PostgreSQL database of its own beside it, dropped by `drop()`.
 */
export async function scratchDatabase(prefix: string) {
  const url = process.env.DATABASE_URL;
  if (!url) return { handle: openDatabase({ pgliteDir: 'memory://' }), drop: async () => {} };
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    handle: openDatabase({ url: target.toString() }),
    drop: async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
