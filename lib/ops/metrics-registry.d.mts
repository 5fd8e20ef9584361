import type { Counter, Gauge, Histogram, Registry } from 'prom-client';

export declare const metrics: {
  registry: Registry;
  httpRequests: Counter<'route' | 'method' | 'status'>;
  httpDuration: Histogram<'route' | 'method' | 'status'>;
  queueDepth: Gauge<'queue'>;
  queueActive: Gauge<'queue'>;
  queueFailed: Gauge<'queue'>;
  outboxBacklog: Gauge;
  outboxOldest: Gauge;
  mailboxLag: Gauge;
  newsletterSends: Counter<'outcome'>;
  newsletterThrottled: Counter;
  dbPoolInUse: Gauge<'pool'>;
  dbPoolMax: Gauge<'pool'>;
};
