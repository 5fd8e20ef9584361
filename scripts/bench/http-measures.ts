/** Misure di `npm run bench:http` che non sono giri di carico: pagine con sessione, download, memoria. */
import { closeSync, openSync, readdirSync, readFileSync, readSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { cpuMs, median } from './http-load';


/** La memoria residente (RSS) di un processo, in MB, da /proc (Linux). */
export function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

/** Campiona la RSS ogni 50 ms: il picco dall'inizio, o da `reset()`. */
export function memorySampler(pid: number) {
  let peak = rssMb(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 50);
  timer.unref();
  return {
    peak: () => Math.max(peak, rssMb(pid)),
    reset: () => {
      peak = rssMb(pid);
    },
    stop: () => clearInterval(timer),
  };
}

/**
 * Una pagina una richiesta alla volta: il tempo fino all'ultimo byte (sul loopback: il tempo del
 * server) e la CPU del processo `pid` per richiesta. Campioni fino a 200 o fino a `seconds`
 * secondi (almeno 10), così la dashboard lenta non allunga il benchmark senza fine.
 */
export async function renderTimes(url: string, cookie: string, pid: number, seconds: number, warmup = 5): Promise<{ p50: number; p99: number; cpuPerRequest: number; samples: number; status: number }> {
  const once = async () => {
    const started = performance.now();
    const response = await fetch(url, { headers: { cookie }, redirect: 'manual' });
    await response.arrayBuffer();
    return { ms: performance.now() - started, status: response.status };
  };
  for (let i = 0; i < warmup; i++) await once();
  const times: number[] = [];
  let status = 0;
  const cpuBefore = cpuMs(pid);
  const started = performance.now();
  while (times.length < 10 || (times.length < 200 && performance.now() - started < seconds * 1000)) {
    const result = await once();
    times.push(result.ms);
    status = result.status;
  }
  const cpu = cpuMs(pid) - cpuBefore;
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: median(times), p99: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))], cpuPerRequest: cpu / times.length, samples: times.length, status };
}

/** Scarica una risposta intera, senza tenerla: la durata e i byte. */
export async function download(url: string, init: RequestInit): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const response = await fetch(url, init);
  if (!response.ok || !response.body) throw new Error(`${url}: ${response.status}`);
  let bytes = 0;
  const reader = response.body.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) bytes += next.value.length;
  return { ms: performance.now() - started, bytes };
}

/** La RSS a riposo: campioni ogni 500 ms per `seconds` secondi; il valore alla fine e il minimo. */
export async function idleRss(pid: number, seconds: number): Promise<{ last: number; lowest: number }> {
  let lowest = rssMb(pid);
  let last = lowest;
  for (let i = 0; i < seconds * 2; i++) {
    await sleep(500);
    last = rssMb(pid);
    lowest = Math.min(lowest, last);
  }
  return { last, lowest };
}

/** Bytes of the React payload a page inlines: the contents of its `self.__next_f.push(…)` scripts. */
export function reactPayload(html: string): number {
  let bytes = 0;
  for (const match of html.matchAll(/<script\b[^>]*>(self\.__next_f\.push\([\s\S]*?)<\/script>/g)) bytes += Buffer.byteLength(match[1]);
  return bytes;
}

/**
 * The JavaScript a browser loads with a page: every `<script src>` of its HTML except the
 * `noModule` ones (polyfills that a browser with ES modules never downloads), gzip-compressed
 * as the server sends it. In KB.
 */
export async function firstLoadJs(base: string, html: string): Promise<{ files: number; rawKb: number; gzipKb: number; skipped: number }> {
  const tags = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>/g)];
  const loaded = new Set(tags.filter((tag) => !/\bnomodule\b/i.test(tag[0])).map((tag) => tag[1].replace(/&amp;/g, '&')));
  let raw = 0;
  let sent = 0;
  for (const src of loaded) {
    const body = Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer());
    raw += body.length;
    sent += gzipSync(body).length;
  }
  return { files: loaded.size, rawKb: raw / 1024, gzipKb: sent / 1024, skipped: tags.length - loaded.size };
}

function endsJson(file: string): boolean {
  const size = statSync(file).size;
  if (size < 2) return false;
  const tail = Buffer.alloc(Math.min(16, size));
  const handle = openSync(file, 'r');
  try {
    readSync(handle, tail, 0, tail.length, size - tail.length);
  } finally {
    closeSync(handle);
  }
  return tail.toString('utf8').trimEnd().endsWith(']}');
}

/**
 * What the app's JavaScript heap holds: a heap snapshot (the app runs with
 * --heapsnapshot-signal=SIGUSR2 and writes it into `dir`), summed by kind of node. RSS above the
 * heap's total is memory the process keeps without objects in it (V8's reserved pages, native
 * allocations, the code of loaded modules).
 */
export async function heapSummary(pid: number, dir: string): Promise<{ totalMb: number; top: string }> {
  const before = new Set(readdirSync(dir));
  process.kill(pid, 'SIGUSR2');
  let file: string | undefined;
  for (let i = 0; i < 480 && !file; i++) {
    await sleep(500);
    const found = readdirSync(dir).find((name) => name.endsWith('.heapsnapshot') && !before.has(name));
    // Node writes the snapshot in place: it is complete when it ends its JSON and stops growing.
    if (found && endsJson(path.join(dir, found))) {
      const size = statSync(path.join(dir, found)).size;
      await sleep(1000);
      if (statSync(path.join(dir, found)).size === size) file = found;
    }
  }
  if (!file) throw new Error('La fotografia della memoria (heap snapshot) non è arrivata.');
  const snapshot = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as {
    snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
    nodes: number[];
    strings: string[];
  };
  const fields = snapshot.snapshot.meta.node_fields;
  const types = snapshot.snapshot.meta.node_types[0];
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((field) => fields.indexOf(field));
  const byKind = new Map<string, number>();
  const byConstructor = new Map<string, number>();
  let total = 0;
  for (let at = 0; at < snapshot.nodes.length; at += fields.length) {
    const type = types[snapshot.nodes[at + typeAt]];
    const size = snapshot.nodes[at + sizeAt];
    const name = snapshot.strings[snapshot.nodes[at + nameAt]];
    // Cached pages are whole HTML documents held as strings: counted apart.
    const kind = type === 'string' && name.startsWith('<!DOCTYPE html>') ? 'pagine HTML in cache' : type === 'native' ? 'buffer (ArrayBuffer)' : type === 'code' ? 'codice compilato' : type === 'string' || type === 'concatenated string' || type === 'sliced string' ? 'altre stringhe' : 'oggetti';
    byKind.set(kind, (byKind.get(kind) ?? 0) + size);
    if (kind === 'oggetti') byConstructor.set(`${type}:${name}`, (byConstructor.get(`${type}:${name}`) ?? 0) + size);
    total += size;
  }
  rmSync(path.join(dir, file));
  const mb = (bytes: number) => bytes / 1024 / 1024;
  const list = (entries: Map<string, number>, count: number) =>
    [...entries]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([kind, bytes]) => `${kind} ${mb(bytes).toFixed(0)} MB`)
      .join(', ');
  return { totalMb: mb(total), top: `${list(byKind, 5)}; fra gli oggetti: ${list(byConstructor, 5)}` };
}
