// The process's Prometheus registry (prom-client). One per process under a registry symbol:
// server.mjs records the requests, the bundle (GET /api/metrics, the newsletter sender) reads and
// counts, and both load prom-client from node_modules (next.config.ts serverExternalPackages).
import client from 'prom-client';
import { poolUse } from './db-pool-use.mjs';

function createMetrics() {
  const registry = new client.Registry();
  // Event-loop lag, memory, CPU, handles, GC: prom-client's defaults.
  client.collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const gauge = (name, help, labelNames = []) => new client.Gauge({ name, help, labelNames, registers });
  return {
    registry,
    httpRequests: new client.Counter({ name: 'crm_http_requests_total', help: 'Richieste HTTP per schema di percorso, metodo e stato', labelNames: ['route', 'method', 'status'], registers }),
    httpDuration: new client.Histogram({
      name: 'crm_http_request_duration_seconds',
      help: 'Durata delle richieste HTTP per schema di percorso, metodo e stato',
      labelNames: ['route', 'method', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    queueDepth: gauge('crm_jobs_queued', 'Lavori pg-boss in attesa o da riprovare, per coda', ['queue']),
    queueActive: gauge('crm_jobs_active', 'Lavori pg-boss in corso, per coda', ['queue']),
    queueFailed: gauge('crm_jobs_failed', 'Lavori pg-boss falliti ancora conservati, per coda', ['queue']),
    outboxBacklog: gauge('crm_mail_outbox_pending', 'Mail in uscita non ancora inviate'),
    outboxOldest: gauge('crm_mail_outbox_oldest_pending_seconds', 'Età della mail in uscita più vecchia non inviata (0 se nessuna)'),
    mailboxLag: gauge('crm_mailbox_sync_lag_seconds', 'Da quanto la casella attiva sincronizzata meno di recente non si sincronizza'),
    newsletterSends: new client.Counter({ name: 'crm_newsletter_sends_total', help: 'Invii di newsletter al fornitore, per esito', labelNames: ['outcome'], registers }),
    newsletterThrottled: new client.Counter({ name: 'crm_newsletter_provider_429_total', help: 'Risposte 429 (troppe richieste) del fornitore della newsletter', registers }),
    // Set from the pools' tallies when scraped (db-pool-use.mjs): nothing on the request's path. No pool, no sample (PGlite).
    dbPoolInUse: new client.Gauge({
      name: 'crm_db_pool_in_use',
      help: 'Transazioni aperte e query fuori transazione in corso (anche in attesa di una connessione), per pool del database',
      labelNames: ['pool'],
      registers,
      collect() {
        for (const [pool, tally] of poolUse) this.set({ pool }, tally.busy);
      },
    }),
    dbPoolMax: new client.Gauge({
      name: 'crm_db_pool_max',
      help: 'Connessioni massime del pool del database',
      labelNames: ['pool'],
      registers,
      collect() {
        for (const [pool, tally] of poolUse) this.set({ pool }, tally.max);
      },
    }),
  };
}

const KEY = Symbol.for('crm.ops.metrics');
export const metrics = (globalThis[KEY] ??= createMetrics());
