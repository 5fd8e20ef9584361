/**
 * The browser tests get a database of their own beside the one of DATABASE_URL: the vitest run
 * leaves rows there (e.g. product updates for every campsite) that would pop up in the browser.
 * Prints nothing; creates the database afresh.
 */
import postgres from 'postgres';
import { e2eDatabaseUrl } from '../tests/e2e/database';

const base = process.env.DATABASE_URL;
if (!base) throw new Error('DATABASE_URL mancante');
const target = new URL(e2eDatabaseUrl(base)!);
const name = decodeURIComponent(target.pathname.slice(1));
const admin = postgres(base, { max: 1, onnotice: () => {} });
try {
  await admin.unsafe(`drop database if exists "${name}" with (force)`);
  await admin.unsafe(`create database "${name}"`);
} finally {
  await admin.end();
}
