import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { eq, inArray } from 'drizzle-orm';
import postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '@/db/client';
import { migrate } from '@/db/migrate';
import { contacts, quoteCards, quoteProgressEvents, quotes } from '@/db/schema';
import { DATABASE_UNAVAILABLE } from '@/lib/error-classification';
import { checkReadiness, PROBE_TIMEOUT_MS } from '@/lib/health/readiness';
import { createDispatcher } from '@/lib/legacy-api/dispatcher';
import { legacyRoutes } from '@/lib/legacy-api/routes';
import { callApi, loginViaApi } from '../helpers/legacy-api';
import { makeGuest, makeQuotesAccount } from '../helpers/quotes';

const run = promisify(execFile);
const url = process.env.DATABASE_URL;
/** `proxy` cuts a TCP proxy in front of PostgreSQL instead of stopping the server (for a machine where others use it). */
const outageKind = process.env.FAULTS_OUTAGE === 'proxy' ? 'proxy' : 'server';

const WORKERS = 6;
const DOWN_MS = 2_000;
// db/client.ts retries the connection every 0.25 s: a call while it is down fails fast, none waits this long.
const CALL_LIMIT_MS = 5_000;
const PITCH = { tipologia: 'LA-PZ-STD', arrivo: '2027-06-28', partenza: '2027-07-03', persone: [{ id: 'LA-ADULTO', quantita: 2 }], mezzi: [{ id: 'LA-AUTO', quantita: 1 }] };
const MOBILE_HOME = { tipologia: 'LA-MH-CLASSIC', arrivo: '2027-07-10', partenza: '2027-07-17', persone: [{ id: 'LA-ADULTO', quantita: 2 }], servizi: [{ id: 'LA-PULIZIA', quantita: 1 }] };

type Outcome = { kind: 'contact' | 'quote'; marker: string; startedAt: number; endedAt: number; status: number; error?: string; id?: string };

/** The real server stopped with pg_ctlcluster (-m fast: open sessions are cut, as in a crash or a failover). */
function serverOutage() {
  const version = readdirSync('/etc/postgresql')[0];
  const ctl = (action: 'stop' | 'start') => run('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', action, ...(action === 'stop' ? ['-m', 'fast'] : [])]);
  return { url: url!, stop: () => ctl('stop'), start: () => ctl('start'), close: async () => {} };
}

/** A TCP proxy the test cuts: open connections reset, new ones refused, until it listens again. */
async function proxyOutage() {
  const target = new URL(url!);
  const sockets = new Set<Socket>();
  const listen = (server: Server, port = 0) => new Promise<number>((resolve) => server.listen(port, '127.0.0.1', () => resolve((server.address() as { port: number }).port)));
  const make = () =>
    createServer((client) => {
      const upstream = connect(Number(target.port || 5432), target.hostname);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('error', () => {});
        socket.on('close', () => sockets.delete(socket));
      }
      client.pipe(upstream).pipe(client);
    });
  let server = make();
  const port = await listen(server);
  const proxied = new URL(url!);
  proxied.port = String(port);
  return {
    url: proxied.toString(),
    stop: async () => {
      await new Promise((resolve) => {
        server.close(resolve);
        for (const socket of sockets) socket.destroy();
      });
    },
    start: async () => {
      server = make();
      await listen(server, port);
    },
    close: async () =>
      new Promise((resolve) => {
        server.close(resolve);
        for (const socket of sockets) socket.destroy();
      }),
  };
}

async function waitReady(host: string, port: string) {
  for (let tries = 0; tries < 60; tries++) {
    if (await run('pg_isready', ['-h', host, '-p', port, '-q']).then(() => true, () => false)) return;
    await sleep(250);
  }
  throw new Error('PostgreSQL non è tornato pronto in 15 secondi');
}

describe.skipIf(!url)('PostgreSQL stopped and started again under load', () => {
  it('answers 503 with an Italian message while it is down, writes nothing by halves, and recovers in the same process', async () => {
    const name = `crm_faults_${randomBytes(4).toString('hex')}`;
    // Short-lived admin connections: one held across the restart would only wait for its reconnection.
    const admin = async (statement: string) => {
      const client = postgres(url!, { max: 1, onnotice: () => {} });
      try {
        await client.unsafe(statement);
      } finally {
        await client.end();
      }
    };
    await admin(`create database ${name}`);
    const own = new URL(url!);
    own.pathname = `/${name}`;
    const outage = outageKind === 'proxy' ? await proxyOutage() : serverOutage();
    const served = new URL(outage.url);
    served.pathname = `/${name}`;
    // The app's handle goes through the outage; the checks use a handle of their own afterwards.
    const app = openDatabase({ url: served.toString() });
    let down = false;
    try {
      await migrate(app);
      const dispatch = createDispatcher(legacyRoutes, () => app.db, { tokenLimit: { points: 1_000_000, durationSeconds: 60 } });
      const account = await makeQuotesAccount(app.db);
      const guest = await makeGuest(app.db, account.tenant);
      const token = await loginViaApi(dispatch, account.user.email);

      const outcomes: Outcome[] = [];
      let running = true;
      const inflight = new Map<string, number>();
      const call = async (kind: Outcome['kind'], marker: string) => {
        const startedAt = performance.now();
        inflight.set(marker, startedAt);
        const sent =
          kind === 'contact'
            ? callApi(dispatch, 'POST', '/addContact', { token, body: { nome: 'Guasto', cognome: marker, email: `${marker}@guasti.example.it`, note: `nota ${marker}` } })
            : callApi(dispatch, 'POST', '/addQuote', { token, body: { name: marker, contact: guest.id, progress: 'nuovo', lingua: 1, schede: [PITCH, MOBILE_HOME] } });
        // A call that never ends is a failure of its own (status 0), not a test that hangs.
        const answer = await Promise.race([sent, sleep(CALL_LIMIT_MS).then(() => ({ status: 0, json: { error: `nessuna risposta in ${CALL_LIMIT_MS} ms` } }))]);
        const json = answer.json as { _id?: string; error?: string } | undefined;
        inflight.delete(marker);
        outcomes.push({ kind, marker, startedAt, endedAt: performance.now(), status: answer.status, error: json?.error, id: json?._id });
        return answer.status;
      };
      const load = Array.from({ length: WORKERS }, async (_, worker) => {
        for (let n = 0; running; n++) {
          const status = await call(n % 2 === 0 ? 'contact' : 'quote', `w${worker}n${n}`);
          // A refused call comes back at once: pace the retries as a client would.
          if (status !== 200) await sleep(50);
        }
      });
      const successesSince = (since: number) => outcomes.filter((outcome) => outcome.startedAt >= since && outcome.status === 200).length;
      const until = async (condition: () => boolean, limitMs: number) => {
        const end = performance.now() + limitMs;
        while (!condition() && performance.now() < end) await sleep(50);
      };

      await until(() => successesSince(0) >= 20, 30_000);
      const log = (what: string) => process.env.FAULTS_DEBUG && console.log(what, Math.round(performance.now()), outcomes.length, JSON.stringify([...inflight]));
      const ticker = setInterval(() => log('tick'), 2000);
      log('warm');
      const stopAsked = performance.now();
      down = true;
      await outage.stop();
      const stopped = performance.now();
      log('stopped');
      // What the balancer hears meanwhile: not ready, within the probe's timeout, the database named.
      const probeAsked = performance.now();
      const whileDown = await checkReadiness({ db: app.db, redis: () => null, jobs: null });
      const probeMs = performance.now() - probeAsked;
      await sleep(Math.max(0, DOWN_MS - (performance.now() - stopped)));
      const startAsked = performance.now();
      await outage.start();
      const target = new URL(url!);
      await waitReady(target.hostname, target.port || '5432');
      down = false;
      const ready = performance.now();
      // Three seconds of traffic after the restart, so that "stays up" has calls to look at.
      await until(() => successesSince(ready) >= 20 && performance.now() - ready > 3_000, 30_000);
      log('back');
      // Ready again by itself: a pooled connection cut by the stop may fail one more probe, so the balancer's next polls decide.
      let afterRestart = await checkReadiness({ db: app.db, redis: () => null, jobs: null });
      for (let tries = 0; afterRestart.status !== 'ready' && tries < 20; tries++) {
        await sleep(250);
        afterRestart = await checkReadiness({ db: app.db, redis: () => null, jobs: null });
      }
      running = false;
      await Promise.all(load);
      clearInterval(ticker);

      const refused = outcomes.filter((outcome) => outcome.status === 503);
      const slowest = Math.max(...outcomes.map((outcome) => outcome.endedAt - outcome.startedAt));
      console.info(
        `PostgreSQL fermato (${outageKind}) in ${Math.round(stopped - stopAsked)} ms, giù ${Math.round(startAsked - stopped)} ms, pronto in ${Math.round(ready - startAsked)} ms; ` +
          `${outcomes.length} chiamate: ${outcomes.filter((o) => o.status === 200).length} riuscite, ${refused.length} con 503, la più lenta ${Math.round(slowest)} ms.`,
      );

      expect(whileDown.status).toBe('not_ready');
      expect(whileDown.checks.database.ok).toBe(false);
      expect(probeMs).toBeLessThan(PROBE_TIMEOUT_MS + 500);
      expect(afterRestart.status, JSON.stringify(afterRestart.checks)).toBe('ready');

      // Every call ended, with a save or with the one Italian 503; none hung, none gave a 500.
      const unexpected = outcomes.filter((outcome) => outcome.status !== 200 && !(outcome.status === 503 && outcome.error === DATABASE_UNAVAILABLE));
      expect(unexpected, JSON.stringify(unexpected.slice(0, 5))).toEqual([]);
      // While it was going down and down, callers heard so; nothing claimed a save while it was down.
      expect(refused.filter((outcome) => outcome.endedAt >= stopAsked && outcome.endedAt <= startAsked).length).toBeGreaterThan(0);
      expect(outcomes.filter((outcome) => outcome.status === 200 && outcome.startedAt >= stopped && outcome.endedAt <= startAsked)).toEqual([]);

      // Recovered by itself: a second after the first call went through again, every call does. (In
      // that second a pooled connection may still be reconnecting and answer one more 503.)
      const firstBack = Math.min(...outcomes.filter((outcome) => outcome.startedAt >= startAsked && outcome.status === 200).map((outcome) => outcome.startedAt));
      const afterBack = outcomes.filter((outcome) => outcome.startedAt > firstBack + 1_000);
      expect(afterBack.length).toBeGreaterThanOrEqual(19);
      expect(afterBack.filter((outcome) => outcome.status !== 200)).toEqual([]);

      // What the API confirmed is there, complete; nothing exists by halves.
      const check = openDatabase({ url: own.toString() });
      try {
        const storedQuotes = await check.db.select().from(quotes).where(eq(quotes.campingId, account.campsite.id));
        const quoteIds = storedQuotes.map((quote) => quote.id);
        const cards = quoteIds.length ? await check.db.select({ quoteId: quoteCards.quoteId }).from(quoteCards).where(inArray(quoteCards.quoteId, quoteIds)) : [];
        const events = quoteIds.length ? await check.db.select({ quoteId: quoteProgressEvents.quoteId }).from(quoteProgressEvents).where(inArray(quoteProgressEvents.quoteId, quoteIds)) : [];
        const count = (rows: { quoteId: string }[], id: string) => rows.filter((row) => row.quoteId === id).length;
        const halfQuotes = storedQuotes.filter((quote) => count(cards, quote.id) !== 2 || count(events, quote.id) !== 1);
        expect(halfQuotes.map((quote) => quote.name)).toEqual([]);
        const storedContacts = await check.db.select().from(contacts).where(eq(contacts.campingId, account.campsite.id));
        const sentMarkers = new Set(outcomes.map((outcome) => outcome.marker));
        const halfContacts = storedContacts.filter((contact) => contact.id !== guest.id && (!sentMarkers.has(contact.lastName ?? '') || contact.email !== `${contact.lastName}@guasti.example.it` || contact.notes !== `nota ${contact.lastName}`));
        expect(halfContacts).toEqual([]);

        const confirmed = outcomes.filter((outcome) => outcome.status === 200);
        const quoteNames = new Set(storedQuotes.map((quote) => `${quote.id}:${quote.name}`));
        const contactNames = new Set(storedContacts.map((contact) => `${contact.id}:${contact.lastName}`));
        const lost = confirmed.filter((outcome) => !(outcome.kind === 'quote' ? quoteNames : contactNames).has(`${outcome.id}:${outcome.marker}`));
        expect(lost).toEqual([]);

        const refusedButStored = outcomes.filter((outcome) => outcome.status === 503 && (outcome.kind === 'quote' ? storedQuotes.some((q) => q.name === outcome.marker) : storedContacts.some((c) => c.lastName === outcome.marker)));
        console.info(`${refusedButStored.length} chiamate con 503 ma salvate intere; ${storedQuotes.length} preventivi e ${storedContacts.length - 1} clienti, nessuno a metà.`);
      } finally {
        await check.close();
      }
    } finally {
      if (down) await outage.start().catch(() => {});
      // A connection the driver lost track of would hold end() for ever: the test reports, it does not hang.
      await Promise.race([app.close().catch(() => {}), sleep(5_000)]);
      await outage.close();
      await admin(`drop database if exists ${name} with (force)`);
    }
  });
});
