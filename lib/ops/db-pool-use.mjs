// How much of each database pool our code holds, for crm_db_pool_in_use / crm_db_pool_max
// (lib/ops/metrics-registry.mjs reads it at each scrape). postgres.js does not say how many of its
// connections are busy, so the pool's client is wrapped where it is opened (db/client.ts): an open
// transaction holds one connection until it ends, a query outside one holds one while it runs.
// The hot path is two additions per transaction or query; the gauge is set only when scraped.
// One tally per process under a registry symbol: the Next build bundles this module several times
// and server.mjs loads it apart from the bundle.

const KEY = Symbol.for('crm.ops.dbPoolUse');
const holder = /** @type {Record<symbol, Map<string, { busy: number, max: number }>>} */ (/** @type {unknown} */ (globalThis));
/** Pool label → transactions and queries under way (waiting for a connection included) and the pool's size. */
export const poolUse = (holder[KEY] ??= new Map());

function tallyOf(pool) {
  let tally = poolUse.get(pool);
  if (!tally) poolUse.set(pool, (tally = { busy: 0, max: 0 }));
  return tally;
}

/**
 * `client` (a postgres.js pool) as seen by drizzle, counted under `pool`: `begin` counts until the
 * transaction ends, `unsafe` until its query settles. Queries are promises that run once awaited,
 * and drizzle awaits each at once; the count is attached with Promise's own `then`, which does not
 * start the query. Everything else is the client's own. `release` takes the pool's size back when
 * the client is closed.
 */
export function countPoolUse(client, pool) {
  const tally = tallyOf(pool);
  tally.max += client.options.max;
  const done = () => {
    tally.busy -= 1;
  };
  const begin = (...args) => {
    tally.busy += 1;
    const transaction = client.begin(...args);
    transaction.then(done, done);
    return transaction;
  };
  const unsafe = (...args) => {
    const query = client.unsafe(...args);
    tally.busy += 1;
    Promise.prototype.then.call(query, done, done);
    return query;
  };
  const counted = new Proxy(client, {
    get: (target, key) => (key === 'begin' ? begin : key === 'unsafe' ? unsafe : Reflect.get(target, key)),
  });
  let released = false;
  const release = () => {
    if (!released) tally.max -= client.options.max;
    released = true;
  };
  return { client: counted, release };
}
