/** Giri di carico per `npm run bench:http`: una chiamata, un server, autocannon per BENCH_SECONDS. */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';

export const CONNECTIONS = 32;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

/**
 * Un lato del confronto: l'indirizzo, il token bearer, (per l'app) il cookie della sessione web e
 * il processo del server, di cui si legge il tempo di CPU.
 */
export type Side = { name: 'app' | 'nudo' | 'minimo'; base: string; token: string; cookie?: string; pid: number };

/**
 * CPU time (user + system) a process has used so far, in ms, from /proc/<pid>/stat (fields 14 and
 * 15, in clock ticks of 1/100 s): wall-clock figures on a machine shared with other work are noise.
 */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces: the fields are counted after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * Una chiamata misurata. `path` dà l'indirizzo di ogni richiesta quando cambia (una pagina mai
 * vista, un cliente diverso da modificare); `headers` le intestazioni in più.
 */
export type Call = {
  label: string;
  method: 'GET' | 'POST';
  path: (side: Side, index: number) => string;
  body?: unknown;
  auth: 'token' | 'cookie' | 'none';
  headers?: (side: Side, index: number) => Record<string, string>;
  connections?: number;
  /** Each request opens an address never asked before (the guest page's first view). */
  fresh?: boolean;
  /** The status every answer should have when it is not 2xx or 304 (the floor's 404). */
  expectedStatus?: number;
  /** Controllo prima dei giri: le due risposte devono dire la stessa cosa. */
  same?: (body: unknown) => string;
};

/** `requests` answered and the server's `cpu` ms over the round. */
export type Round = { rps: number; p50: number; p99: number; errors: number; requests: number; cpu: number };

export function requestOf(side: Side, call: Call, index: number) {
  const auth: Record<string, string> =
    call.auth === 'token' || (call.auth === 'cookie' && !side.cookie)
      ? { authorization: `Bearer ${side.token}` }
      : call.auth === 'cookie'
        ? { cookie: side.cookie! }
        : {};
  return {
    url: `${side.base}${call.path(side, index)}`,
    method: call.method,
    headers: { ...(call.method === 'POST' ? { 'content-type': 'application/json' } : {}), ...auth, ...(call.headers?.(side, index) ?? {}) },
    body: call.method === 'POST' ? JSON.stringify(call.body ?? {}) : undefined,
  };
}

/** Un giro: req/s è il totale ÷ il tempo fino all'ultima risposta (autocannon conta a secondi interi). */
export async function load(side: Side, call: Call, firstIndex: number): Promise<Round> {
  let index = firstIndex;
  const { url, method, headers, body } = requestOf(side, call, index);
  const cpuBefore = cpuMs(side.pid);
  const started = performance.now();
  let lastResponse = started;
  const instance = autocannon({
    url,
    connections: call.connections ?? CONNECTIONS,
    duration: SECONDS,
    requests: [
      {
        method,
        headers,
        body,
        setupRequest: (request) => {
          const next = requestOf(side, call, index++);
          return { ...request, path: new URL(next.url).pathname, headers: next.headers, body: next.body };
        },
      },
    ],
  });
  // A 304 is the bell's expected answer: only 4xx and 5xx count as errors, unless expected.
  let failed = 0;
  instance.on('response', (_client, status) => {
    lastResponse = performance.now();
    if (status >= 400 && status !== call.expectedStatus) failed++;
  });
  const result = await instance;
  const cpu = cpuMs(side.pid) - cpuBefore;
  return { rps: result.requests.total / ((lastResponse - started) / 1000), p50: result.latency.p50, p99: result.latency.p99, errors: failed + result.errors, requests: result.requests.total, cpu };
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
