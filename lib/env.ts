import { z } from 'zod';

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const timeoutMs = (fallback: number) =>
  z.coerce.number({ error: 'deve essere un numero di millisecondi' }).int().min(100, 'almeno 100 ms').max(300_000, 'al massimo 300000 ms (5 minuti)').default(fallback);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().positive().default(3000),
  /** PostgreSQL connection string; without it the embedded PGlite is used. */
  DATABASE_URL: optionalString.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  /**
   * The login the staff's requests use, a member of crm_app that owns nothing (migration 0013), so
   * that even a statement that resets the role cannot leave the campsite's rows. Without it the
   * owner of DATABASE_URL switches to crm_app inside each request's transaction.
   */
  DATABASE_APP_URL: optionalString.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  PGLITE_DIR: z.string().trim().min(1).default('.data/pglite'),
  /**
   * Redis for what several instances must share: the page and data cache, rate limits. Without it
   * the one process keeps them itself (the embedded demo needs nothing).
   */
  REDIS_URL: optionalString.pipe(z.url({ protocol: /^rediss?$/, error: 'REDIS_URL deve essere un URL redis:// o rediss://' }).optional()),
  /**
   * Whether this process works the scheduled jobs: 1 (default) for every server, 0 for web
   * instances when `npm run worker` processes run them apart.
   */
  JOBS_IN_SERVER: z.enum(['0', '1']).default('1').transform((value) => value === '1'),
  /** Signs and encrypts the session cookie; `npm run demo` writes one to .env.local. */
  AUTH_SECRET: optionalString.pipe(z.string().min(32, 'AUTH_SECRET deve avere almeno 32 caratteri').optional()),
  /**
   * Encrypts secrets stored in the database (the mailing provider's key and secret). `npm run demo`
   * writes one to .env.local; in production it is required.
   */
  DATA_ENCRYPTION_KEY: optionalString.pipe(z.string().min(32, 'DATA_ENCRYPTION_KEY deve avere almeno 32 caratteri').optional()),
  /**
   * Public base URL used in links the product hands out (token logins, mails); required in
   * production, where the host a request names is not to be trusted for links.
   */
  APP_URL: optionalString.pipe(z.url().optional()),
  /**
   * 1 when a proxy or balancer we run stands in front of the server and sets X-Forwarded-For,
   * -Host and -Proto; with 0 (default) a client could write them itself, so they are ignored.
   */
  TRUST_PROXY: optionalString.pipe(z.enum(['0', '1'], { error: 'TRUST_PROXY deve essere 0 oppure 1' }).default('0')).transform((value) => value === '1'),
  /** Key the booking platform sends in x-api-key to mint one-time logins. */
  BOOKING_PLATFORM_API_KEY: optionalString.pipe(z.string().min(16, 'BOOKING_PLATFORM_API_KEY troppo corta (minimo 16 caratteri)').optional()),
  /** Base URL of the booking platform's CRM API; without it the built-in demo platform answers. */
  BOOKING_PLATFORM_URL: optionalString.pipe(z.url({ protocol: /^https?$/, error: 'BOOKING_PLATFORM_URL deve essere un URL http(s)' }).optional()),
  /** Bearer key the CRM sends to the booking platform. */
  BOOKING_PLATFORM_CLIENT_KEY: optionalString.pipe(z.string().min(16, 'BOOKING_PLATFORM_CLIENT_KEY troppo corta (minimo 16 caratteri)').optional()),
  /**
   * Calls a minute that one bearer token may make to the legacy API (every instance together).
   * The default suits the booking platform; the benchmark raises it to measure throughput.
   */
  API_TOKEN_CALLS_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /**
   * `1`: the operator's import screen may read an old CRM inside this server's network (loopback,
   * private, link-local addresses). Off by default: the screen makes the server fetch what the
   * operator types; the command on the server's own shell reads any address.
   */
  LEGACY_IMPORT_PRIVATE_ADDRESSES: optionalString
    .pipe(z.enum(['0', '1'], { error: 'LEGACY_IMPORT_PRIVATE_ADDRESSES deve essere 0 oppure 1' }).default('0'))
    .transform((value) => value === '1'),
  /** Resend's key; without it mails are captured in the database and shown at /mail, never sent. */
  RESEND_API_KEY: optionalString,
  /** Resend's API address (tests point it at a local stand-in). */
  RESEND_BASE_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  /** Outbox calls a second to Resend with RESEND_API_KEY, all instances together (Resend allows 2 a team by default). */
  MAIL_RATE_PER_SECOND: z.coerce.number().positive().max(100).default(2),
  /** Mails a second that one campsite's own mailbox sends (its SMTP or Gmail), all instances together. */
  MAILBOX_RATE_PER_SECOND: z.coerce.number().positive().max(20).default(1),
  /** Newsletter calls a second per provider key, all instances together (Resend allows 2). */
  NEWSLETTER_RATE_PER_SECOND: z.coerce.number().positive().max(100).default(2),
  /** How long a worker holds a batch it is sending; after that, recovery may take it over. */
  NEWSLETTER_LEASE_SECONDS: z.coerce.number().int().min(2).max(3600).default(60),
  /** How often each worker looks for newsletters that a crash or a lost job left behind. */
  NEWSLETTER_RECOVERY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** Google OAuth client of the CRM, to bind a campsite's Gmail; without it only IMAP mailboxes can be bound. */
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  /** Google's OAuth endpoints (/o/oauth2/v2/auth, /token, /revoke) under one base: tests and the demo point it at a stand-in. */
  GOOGLE_OAUTH_BASE_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  /** Gmail's REST API (…/gmail/v1/users/me/…). */
  GMAIL_API_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://gmail.googleapis.com'),
  /** How far back the first sync of a bound mailbox reads. */
  MAILBOX_SYNC_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /**
   * How long an outgoing call may wait for its answer, in milliseconds: a provider that hangs must
   * not hold a request, a job or a sync lease. The mail provider (Resend, also for newsletters),
   * Gmail and Google OAuth, the booking platform.
   */
  MAIL_PROVIDER_TIMEOUT_MS: timeoutMs(15_000),
  GMAIL_TIMEOUT_MS: timeoutMs(20_000),
  BOOKING_PLATFORM_TIMEOUT_MS: timeoutMs(10_000),
  /**
   * How long a campsite's transaction may wait idle between statements (a streamed list whose
   * reader stalled): past it PostgreSQL ends it and the connection returns to the pool.
   */
  DATABASE_IDLE_IN_TRANSACTION_MS: timeoutMs(30_000),
  /**
   * Graceful shutdown (server.mjs): on SIGTERM /api/ready answers 503 for SHUTDOWN_DRAIN_SECONDS
   * while requests are still served, so the balancer stops sending them; then the listener closes
   * and what is in flight, jobs included, has until SHUTDOWN_GRACE_SECONDS (from the signal) to end.
   */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number({ error: 'SHUTDOWN_GRACE_SECONDS deve essere un numero di secondi' }).int().min(1, 'almeno 1 secondo').max(600, 'al massimo 600 secondi').default(20),
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number({ error: 'SHUTDOWN_DRAIN_SECONDS deve essere un numero di secondi' }).int().min(0).max(300, 'al massimo 300 secondi').default(5),
  /** The log's threshold (lib/ops/logger.mjs reads it from the environment as the process starts). */
  LOG_LEVEL: z.enum(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'], { error: 'LOG_LEVEL: trace, debug, info, warn, error, fatal o silent' }).default('info'),
  /** `json` (one line per event, the default in production) or `pretty` (a person reads it: the demo, development). */
  LOG_FORMAT: optionalString.pipe(z.enum(['json', 'pretty'], { error: 'LOG_FORMAT deve essere json oppure pretty' }).optional()),
  /** `0` drops the line per request (the benchmark's comparison); errors and jobs are still logged. */
  LOG_REQUESTS: optionalString.pipe(z.enum(['0', '1'], { error: 'LOG_REQUESTS deve essere 0 oppure 1' }).default('1')),
  /**
   * Bearer token of GET /api/metrics (Prometheus). Without it the address answers 404 and no
   * request is measured.
   */
  METRICS_TOKEN: optionalString.pipe(z.string().min(16, 'METRICS_TOKEN troppo corta (minimo 16 caratteri)').optional()),
  /** Sender of every mail; the campsite's own address goes in Reply-To. */
  MAIL_FROM: z.string().trim().min(3).default('CRM Campeggi <preventivi@crm-campeggi.it>'),
  SUPPORT_EMAIL: z.string().default('assistenza@crm-campeggi.it'),
  SUPPORT_PHONE: z.string().default('+39 0461 000000'),
  SUPPORT_WHATSAPP: z.string().default('+39 333 0000000'),
  SUPPORT_ADDRESS: z.string().default('Via dei Campeggi 1, 38122 Trento (TN)'),
}).superRefine((values, context) => {
  if (values.SHUTDOWN_DRAIN_SECONDS >= values.SHUTDOWN_GRACE_SECONDS) {
    context.addIssue({ code: 'custom', path: ['SHUTDOWN_DRAIN_SECONDS'], message: 'deve essere minore di SHUTDOWN_GRACE_SECONDS: dopo l’attesa servono secondi per finire le richieste in corso' });
  }
  if (values.NODE_ENV === 'production' && !values.DATA_ENCRYPTION_KEY) {
    context.addIssue({ code: 'custom', path: ['DATA_ENCRYPTION_KEY'], message: 'obbligatoria in produzione (npm run demo ne scrive una in .env.local)' });
  }
  if (values.NODE_ENV === 'production' && !values.APP_URL) {
    context.addIssue({ code: 'custom', path: ['APP_URL'], message: 'obbligatoria in produzione: l’indirizzo pubblico del CRM, per esempio https://crm.example.it' });
  }
  if (Boolean(values.GOOGLE_CLIENT_ID) !== Boolean(values.GOOGLE_CLIENT_SECRET)) {
    context.addIssue({ code: 'custom', path: ['GOOGLE_CLIENT_SECRET'], message: 'GOOGLE_CLIENT_ID e GOOGLE_CLIENT_SECRET vanno impostate insieme' });
  }
  if (values.BOOKING_PLATFORM_URL && !values.BOOKING_PLATFORM_CLIENT_KEY) {
    context.addIssue({ code: 'custom', path: ['BOOKING_PLATFORM_CLIENT_KEY'], message: 'obbligatoria quando è impostata BOOKING_PLATFORM_URL' });
  }
});

export type Env = z.infer<typeof envSchema>;

let cached: Env | undefined;

/** Parses an environment (process.env, or a test's): a bad value throws with every problem listed. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  - ${issue.path.join('.')}: ${issue.message}`).join('\n');
    throw new Error(`Configurazione non valida:\n${problems}`);
  }
  return parsed.data;
}

/** Parses the environment once; a bad value stops the server at start-up with a clear message. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** The base of the links the product hands out: APP_URL, else the origin the request came to. */
export function publicBaseUrl(requestOrigin: string | null): string {
  return (env().APP_URL ?? requestOrigin ?? appUrl()).replace(/\/$/, '');
}

export function appUrl(): string {
  const { APP_URL, PORT } = env();
  return (APP_URL ?? `http://localhost:${PORT}`).replace(/\/$/, '');
}
