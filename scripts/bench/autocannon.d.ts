/** Le parti dell'API di autocannon 9 usate da scripts/bench/http-load.ts (il pacchetto non ha tipi). */
declare module 'autocannon' {
  type Request = { method?: string; path?: string; headers?: Record<string, string>; body?: string };
  type Options = {
    [key: string]: unknown;
    url: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    duration?: number;
    amount?: number;
    /** Ripetute in ciclo; setupRequest cambia ciascuna prima dell'invio. */
    requests?: (Request & { setupRequest?: (request: Request) => Request })[];
  };
  type Histogram = { average: number; total: number; p50: number; p99: number };
  type Result = { requests: Histogram; latency: Histogram; duration: number; non2xx: number; errors: number };
  /** Un tracker che è anche una promessa del risultato. */
  type Instance = Promise<Result> & { on(event: 'response', listener: (client: unknown, statusCode: number) => void): Instance };
  export default function autocannon(options: Options): Instance;
}
