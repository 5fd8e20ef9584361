import type { PGlite, Transaction } from '@electric-sql/pglite';

/**
 * PGlite allows one open instance per data folder, and the source's belongs to the server process.
 * The test's handle on it (remote-pglite.ts) sends its statements here over the IPC channel; they
 * run on the server's own instance, in order with the API's calls.
 */
export type SqlMessage =
  | { id: number; op: 'query'; tx?: number; sql: string; params: unknown[]; rowMode?: 'array' | 'object'; rawOids: number[] }
  | { id: number; op: 'exec'; tx?: number; sql: string }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean };

export type SqlReply = { sqlReply: number; result?: unknown; error?: { message: string; code?: string } };

type Db = Pick<PGlite, 'query' | 'exec'>;

export function serveSqlChannel(pglite: PGlite): void {
  const transactions = new Map<number, { tx: Transaction; end: (commit: boolean) => void; finished: Promise<void> }>();
  const target = (tx?: number): Db => {
    if (tx === undefined) return pglite;
    const open = transactions.get(tx);
    if (!open) throw new Error(`transazione ${tx} non aperta`);
    return open.tx;
  };
  const reply = (message: SqlReply) => process.send?.(message);
  const fail = (id: number, error: unknown) => {
    const { message, code } = error as { message?: string; code?: string };
    reply({ sqlReply: id, error: { message: message ?? String(error), code } });
  };

  process.on('message', (raw) => {
    const message = raw as SqlMessage;
    if (typeof message !== 'object' || message === null || !('op' in message)) return;
    switch (message.op) {
      case 'query': {
        // drizzle's own parsers for these types keep the text: the same here as in the caller.
        const parsers = Object.fromEntries(message.rawOids.map((oid) => [oid, (value: string) => value]));
        Promise.resolve()
          .then(() => target(message.tx).query(message.sql, message.params, { rowMode: message.rowMode, parsers }))
          .then((result) => reply({ sqlReply: message.id, result }), (error) => fail(message.id, error));
        return;
      }
      case 'exec':
        Promise.resolve()
          .then(() => target(message.tx).exec(message.sql))
          .then((result) => reply({ sqlReply: message.id, result }), (error) => fail(message.id, error));
        return;
      case 'begin': {
        const txId = message.id;
        const { promise: finished, resolve: finish } = Promise.withResolvers<void>();
        pglite
          .transaction(async (tx) => {
            const commit = await new Promise<boolean>((end) => {
              transactions.set(txId, { tx, end, finished });
              reply({ sqlReply: txId, result: txId });
            });
            if (!commit) await tx.rollback();
          })
          .catch((error) => console.error('legacy source: transaction of the test failed', error))
          .finally(() => {
            transactions.delete(txId);
            finish();
          });
        return;
      }
      case 'end': {
        const open = transactions.get(message.tx);
        if (!open) return fail(message.id, new Error(`transazione ${message.tx} non aperta`));
        open.end(message.commit);
        // The reply waits for the commit: the caller's next statement sees its writes.
        void open.finished.then(() => reply({ sqlReply: message.id, result: true }));
        return;
      }
    }
  });
}
