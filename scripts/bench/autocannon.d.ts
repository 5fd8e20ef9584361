/** Le parti dell'API di autocannon 9 usate da scripts/bench/http.ts (il pacchetto non ha tipi). */
declare module 'autocannon' {
  type Options = {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    duration?: number;
    amount?: number;
  };
  type Histogram = { average: number; total: number; p50: number; p99: number };
  type Result = { requests: Histogram; latency: Histogram; duration: number; non2xx: number; errors: number };
  /** Un tracker che è anche una promessa del risultato. */
  type Instance = Promise<Result> & { on(event: 'response', listener: () => void): Instance };
  export default function autocannon(options: Options): Instance;
}
