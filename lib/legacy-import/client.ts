import { setTimeout as sleep } from 'node:timers/promises';
import { z } from '@/lib/validation';

/** A failure of the old CRM or of the way to it, in words the operator can act on. */
export class LegacyImportError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'LegacyImportError';
  }
}

export type LegacyClientOptions = {
  /** The old CRM's address, with or without its /api. */
  baseUrl: string;
  email: string;
  password: string;
  /** Calls a second: the old system serves its own users meanwhile. */
  ratePerSecond?: number;
  /** Attempts of one call that meets a network error, a 5xx or a 429. */
  attempts?: number;
  timeoutMs?: number;
  /** Refuse an answer that sends elsewhere (the screen's import: a redirect could lead into the server's network). */
  refuseRedirects?: boolean;
};

export type LegacySession = { campsiteId: string; userId: string; email: string };

/** Reads the old CRM through its legacy calls, as one staff user, gently: paced, retried, each failure naming its call. */
export type LegacyClient = {
  readonly session: LegacySession;
  readonly calls: number;
  /** A JSON call, checked against the contract's shape. */
  json<S extends z.ZodType>(method: 'GET' | 'POST', path: string, schema: S, body?: unknown): Promise<z.output<S>>;
  /** A call whose answer is a JSON array sent as it is read: its elements one at a time, never all in memory. */
  stream(method: 'GET' | 'POST', path: string, body?: unknown): AsyncGenerator<unknown>;
  /** Raw bytes (an image). */
  bytes(path: string): Promise<{ bytes: Buffer; contentType: string | null }>;
};

const apiBase = (baseUrl: string) => {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new LegacyImportError(`Indirizzo del vecchio CRM non valido: «${baseUrl}». Scrivilo per intero, per esempio https://crm.vecchio.it.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new LegacyImportError(`Indirizzo del vecchio CRM non valido: «${baseUrl}» (serve http o https).`);
  return url.href.replace(/\/+$/, '').replace(/\/api$/, '') + '/api';
};

const loginAnswer = z.object({ token: z.string().min(1), user: z.object({ _id: z.string(), camping: z.string(), email: z.string() }).loose() }).loose();

const describe = (method: string, path: string) => `${method} ${path}`;

/** Logs in on the old CRM (POST /users/login) and answers a client for its calls. */
export async function connectLegacy(options: LegacyClientOptions): Promise<LegacyClient> {
  const base = apiBase(options.baseUrl);
  const spacingMs = 1000 / (options.ratePerSecond ?? 20);
  const attempts = options.attempts ?? 5;
  const timeoutMs = options.timeoutMs ?? 60_000;
  let token: string | null = null;
  let lastCallAt = 0;
  let calls = 0;

  /**
   * The answer's bytes as they come. The call gives up when the old system sends nothing for
   * `timeoutMs`, never because a long answer keeps coming (a streamed list of 100,000 quotes).
   */
  async function* bodyOf(response: Response, controller: AbortController, call: string): AsyncGenerator<Uint8Array> {
    if (!response.body) return;
    const reader = response.body.getReader();
    try {
      for (;;) {
        const idle = setTimeout(() => controller.abort(), timeoutMs);
        let next: ReadableStreamReadResult<Uint8Array>;
        try {
          next = await reader.read();
        } catch (error) {
          throw new LegacyImportError(`Il vecchio CRM ha smesso di rispondere a ${call} (nessun dato per ${Math.round(timeoutMs / 1000)} s o connessione interrotta).`, { cause: error });
        } finally {
          clearTimeout(idle);
        }
        if (next.done) return;
        yield next.value;
      }
    } finally {
      await reader.cancel().catch(() => undefined);
    }
  }

  async function request(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ response: Response; bytes: () => AsyncGenerator<Uint8Array> }> {
    const call = describe(method, path);
    for (let attempt = 1; ; attempt++) {
      const wait = lastCallAt + spacingMs - performance.now();
      if (wait > 0) await sleep(wait);
      lastCallAt = performance.now();
      calls++;
      let response: Response;
      const controller = new AbortController();
      const waiting = setTimeout(() => controller.abort(), timeoutMs);
      try {
        response = await fetch(base + path, {
          method,
          headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
          body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
          signal: controller.signal,
          redirect: options.refuseRedirects ? 'error' : 'follow',
        });
      } catch (error) {
        clearTimeout(waiting);
        if (attempt >= attempts) {
          throw new LegacyImportError(`Il vecchio CRM (${base}) non è raggiungibile: ${call} non ha avuto risposta dopo ${attempts} tentativi (${(error as Error).message}).`, { cause: error });
        }
        await sleep(500 * 2 ** (attempt - 1));
        continue;
      }
      clearTimeout(waiting);
      if (response.ok) return { response, bytes: () => bodyOf(response, controller, call) };
      const retryable = response.status === 429 || response.status >= 500;
      if (retryable && attempt < attempts) {
        const retryAfter = Number(response.headers.get('retry-after'));
        await response.body?.cancel();
        await sleep(Number.isFinite(retryAfter) && retryAfter > 0 ? Math.min(retryAfter, 60) * 1000 : 500 * 2 ** (attempt - 1));
        continue;
      }
      const text = await response.text().catch(() => '');
      let message = text.slice(0, 300);
      try {
        const parsed = JSON.parse(text) as { error?: unknown; message?: unknown };
        message = String(parsed.error ?? parsed.message ?? message);
      } catch {
        // Not JSON: the text as it came.
      }
      throw new LegacyImportError(`Il vecchio CRM ha risposto ${response.status} a ${call}${message ? `: ${message}` : ''}.`);
    }
  }

  async function json<S extends z.ZodType>(method: 'GET' | 'POST', path: string, schema: S, body?: unknown): Promise<z.output<S>> {
    const { bytes } = await request(method, path, body);
    const chunks: Uint8Array[] = [];
    for await (const chunk of bytes()) chunks.push(chunk);
    let parsed: unknown;
    try {
      parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      throw new LegacyImportError(`Il vecchio CRM non parla il contratto atteso: ${describe(method, path)} non ha risposto con JSON.`);
    }
    const checked = schema.safeParse(parsed);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      throw new LegacyImportError(
        `Il vecchio CRM non parla il contratto atteso: la risposta di ${describe(method, path)} non ha la forma prevista (${issue?.path.join('.') || 'radice'}: ${issue?.message}).`,
      );
    }
    return checked.data;
  }

  const login = await json('POST', '/users/login', loginAnswer, { email: options.email, password: options.password }).catch((error: unknown) => {
    if (error instanceof LegacyImportError && / (400|401|403) a POST \/users\/login/.test(error.message)) {
      throw new LegacyImportError(`Il vecchio CRM ha rifiutato l’accesso di ${options.email}: controlla e-mail e password di un utente del campeggio.`);
    }
    throw error;
  });
  token = login.token;

  return {
    session: { campsiteId: login.user.camping, userId: login.user._id, email: login.user.email },
    get calls() {
      return calls;
    },
    json,
    async *stream(method, path, body) {
      const { bytes } = await request(method, path, body);
      yield* jsonArrayElements(bytes(), describe(method, path));
    },
    async bytes(path) {
      const { response, bytes } = await request('GET', path);
      const chunks: Uint8Array[] = [];
      for await (const chunk of bytes()) chunks.push(chunk);
      return { bytes: Buffer.concat(chunks), contentType: response.headers.get('content-type') };
    },
  };
}


/**
 * The elements of a top-level JSON array as the bytes arrive: each element's text is cut out by
 * following nesting and strings, then parsed on its own, so memory holds one element at a time.
 */
export async function* jsonArrayElements(body: AsyncIterable<Uint8Array>, call: string): AsyncGenerator<unknown> {
  const decoder = new TextDecoder();
  const notContract = (why: string) => new LegacyImportError(`Il vecchio CRM non parla il contratto atteso: ${call} ${why}.`);
  let buffer = '';
  let started = false;
  let ended = false;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let elementStart = -1;
  let scanned = 0;
  for await (const chunk of body) {
    buffer += decoder.decode(chunk, { stream: true });
    let i = scanned;
    for (; i < buffer.length; i++) {
      const char = buffer[i];
      if (!started) {
        if (char === '[') started = true;
        else if (!/\s/.test(char)) throw notContract('non ha risposto con un elenco JSON');
        continue;
      }
      if (ended) {
        if (!/\s/.test(char)) throw notContract('ha risposto con testo dopo la fine dell’elenco');
        continue;
      }
      if (inString) {
        if (escaped) escaped = false;
        else if (char === '\\') escaped = true;
        else if (char === '"') inString = false;
        continue;
      }
      if (char === '"') {
        inString = true;
        if (depth === 0 && elementStart < 0) elementStart = i;
      } else if (char === '{' || char === '[') {
        if (depth === 0) elementStart = i;
        depth++;
      } else if (char === '}' || char === ']') {
        if (depth === 0 && char === ']') {
          if (elementStart >= 0) yield parseElement(buffer.slice(elementStart, i), notContract);
          elementStart = -1;
          ended = true;
          continue;
        }
        depth--;
        if (depth === 0) {
          yield parseElement(buffer.slice(elementStart, i + 1), notContract);
          elementStart = -1;
        }
      } else if (char === ',' && depth === 0) {
        if (elementStart >= 0) yield parseElement(buffer.slice(elementStart, i), notContract);
        elementStart = -1;
      } else if (depth === 0 && elementStart < 0 && !/\s/.test(char)) {
        elementStart = i;
      }
    }
    // Keep only what the next element needs.
    const keepFrom = elementStart >= 0 ? elementStart : i;
    buffer = buffer.slice(keepFrom);
    if (elementStart >= 0) elementStart = 0;
    scanned = i - keepFrom;
  }
  if (!ended) throw notContract('ha interrotto l’elenco a metà');
}

function parseElement(text: string, notContract: (why: string) => LegacyImportError): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw notContract('ha inviato un elemento che non è JSON');
  }
}
