import type { ChildProcess } from 'node:child_process';
import { drizzle } from 'drizzle-orm/pglite';
import type { PGlite } from '@electric-sql/pglite';
import type { Database } from '@/db/client';
import * as schema from '@/db/schema';
import type { SqlMessage, SqlReply } from './sql-channel';

/** Omit of each member of a union (the built-in one merges them). */
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;
type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };
type Query = { rowMode?: 'array' | 'object'; parsers?: Record<number, unknown> };
type Client = {
  query: (sql: string, params?: unknown[], options?: Query) => Promise<unknown>;
  exec: (sql: string) => Promise<unknown>;
  transaction: <T>(work: (tx: Client) => Promise<T>) => Promise<T>;
};

/**
 * A drizzle handle on the PGlite that the source's server process holds (sql-channel.ts): the same
 * driver as the tests' own PGlite handles, its statements sent over the child's IPC channel.
 */
export function remotePglite(child: ChildProcess): { db: Database; close: () => void } {
  let nextId = 1;
  const pending = new Map<number, Pending>();
  const onMessage = (raw: unknown) => {
    const reply = raw as SqlReply;
    if (typeof reply !== 'object' || reply === null || !('sqlReply' in reply)) return;
    const waiting = pending.get(reply.sqlReply);
    if (!waiting) return;
    pending.delete(reply.sqlReply);
    if (reply.error) waiting.reject(Object.assign(new Error(reply.error.message), { code: reply.error.code }));
    else waiting.resolve(reply.result);
  };
  const onExit = () => {
    for (const waiting of pending.values()) waiting.reject(new Error('la sorgente legacy si è fermata'));
    pending.clear();
  };
  child.on('message', onMessage);
  child.on('exit', onExit);

  const send = (message: WithoutId<SqlMessage>) =>
    new Promise<unknown>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      child.send({ ...message, id } as SqlMessage, (error) => {
        if (!error) return;
        pending.delete(id);
        reject(error);
      });
    });

  const client = (tx?: number): Client => ({
    query: (sql, params = [], options = {}) =>
      send({ op: 'query', tx, sql, params, rowMode: options.rowMode, rawOids: Object.keys(options.parsers ?? {}).map(Number) }),
    exec: (sql) => send({ op: 'exec', tx, sql }),
    async transaction(work) {
      if (tx !== undefined) return work(client(tx));
      const opened = (await send({ op: 'begin' })) as number;
      try {
        const result = await work(client(opened));
        await send({ op: 'end', tx: opened, commit: true });
        return result;
      } catch (error) {
        await send({ op: 'end', tx: opened, commit: false });
        throw error;
      }
    },
  });

  const db = drizzle(client() as unknown as PGlite, { schema }) as unknown as Database;
  return {
    db,
    close: () => {
      child.off('message', onMessage);
      child.off('exit', onExit);
    },
  };
}
