// The server's log: one JSON line per event (pino), readable by a person in the demo. What goes in
// is scrubbed first: values under keys that name a secret or a person (password, token, cookie,
// authorization, e-mail, name, phone…) are replaced, and e-mail addresses, bearer tokens and
// secrets in query strings are cut out of every text, error messages and stacks included. The
// request's id and campsite come from the request's store (request-context.mjs).
// Plain JavaScript: server.mjs loads it without the bundler, and the bundle shares its instance.
import { format } from 'node:util';
import pino from 'pino';
import { currentRequest } from './request-context.mjs';

const SECRET_KEY = /pass(word)?|secret|token|authori[sz]ation|cookie|api[-_]?key|e-?mail|^(first|last|full|display|user)?_?name$|^nome$|^cognome$|phone|telefono|^param(eter)?s$/i;
const TEXT_RULES = [
  [/[^\s@<>"'(),;:[\]]+@[^\s@<>"'(),;:[\]]+\.[A-Za-z]{2,}/g, '[e-mail]'],
  [/\b(bearer|basic)\s+[A-Za-z0-9._~+/=-]+/gi, '$1 [redatto]'],
  [/([?&](?:token|key|secret|password|code|access_token|refresh_token)=)[^&\s#"']+/gi, '$1[redatto]'],
];
const REDACTED = '[redatto]';

export function scrubText(text) {
  let out = text;
  for (const [pattern, replacement] of TEXT_RULES) out = out.replace(pattern, replacement);
  return out;
}

/** A copy of `value` safe to log: errors serialised with their stack, secrets and people cut out. */
export function scrub(value, depth = 0) {
  if (typeof value === 'string') return scrubText(value);
  if (value instanceof Error) return scrub(pino.stdSerializers.err(value), depth);
  if (value === null || typeof value !== 'object') return value;
  if (depth > 6) return '[profondo]';
  if (Array.isArray(value)) return value.slice(0, 50).map((item) => scrub(item, depth + 1));
  const out = {};
  for (const [key, item] of Object.entries(value)) out[key] = SECRET_KEY.test(key) ? REDACTED : scrub(item, depth + 1);
  return out;
}

const LEVEL_NAMES = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
const QUIET_KEYS = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'err']);

/** The demo's output: a line per event (time, level, message, fields), the stack under it. */
export function prettyLine(json) {
  const entry = JSON.parse(json);
  const time = typeof entry.time === 'string' ? entry.time.slice(11, 19) : new Date(entry.time).toISOString().slice(11, 19);
  const level = (typeof entry.level === 'string' ? entry.level : LEVEL_NAMES[entry.level] ?? entry.level).toUpperCase().padEnd(5);
  const fields = Object.entries(entry)
    .filter(([key]) => !QUIET_KEYS.has(key))
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(' ');
  const error = entry.err ? `\n    ${(entry.err.stack ?? entry.err.message ?? '').replace(/\n/g, '\n    ')}` : '';
  return `${time} ${level} ${entry.msg ?? ''}${fields ? ` ${fields}` : ''}${error}\n`;
}

function createLogger() {
  const pretty = process.env.LOG_FORMAT ? process.env.LOG_FORMAT === 'pretty' : process.env.NODE_ENV !== 'production';
  // A command whose standard output is its result (npm run import:legacy -- --json) logs on stderr.
  const toStderr = process.env.LOG_TO_STDERR === '1';
  const stream = toStderr ? process.stderr : process.stdout;
  const destination = pretty ? { write: (line) => stream.write(prettyLine(line)) } : pino.destination({ dest: toStderr ? 2 : 1, sync: true });
  return pino(
    {
      level: process.env.LOG_LEVEL || 'info',
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin() {
        const request = currentRequest();
        if (!request) return {};
        return request.campsiteId ? { reqId: request.requestId, campsiteId: request.campsiteId } : { reqId: request.requestId };
      },
      hooks: {
        // Every call goes through scrub: `logger.error({ err }, 'msg')`, `logger.error(err, 'msg')`
        // and a bare message alike.
        logMethod(args, method) {
          const [first, ...rest] = args;
          const head = first instanceof Error ? { err: scrub(first) } : scrub(first);
          return method.apply(this, [head, ...rest.map((item) => scrub(item))]);
        },
      },
    },
    destination,
  );
}

const KEY = Symbol.for('crm.ops.logger');
export const logger = (globalThis[KEY] ??= createLogger());

/**
 * The console as log lines (server.mjs): Next's own messages and any library's console output
 * become JSON lines like the rest, so a log shipper never meets a line it cannot parse.
 */
export function routeConsoleToLog() {
  /* eslint-disable no-console -- the one place that replaces the console */
  const forward = (level) => (...args) => {
    const err = args.find((arg) => arg instanceof Error);
    const text = format(...args.filter((arg) => arg !== err)).replace(/\x1b\[[0-9;]*m/g, '').trim();
    logger[level](err ? { err } : {}, text);
  };
  console.log = console.info = forward('info');
  console.debug = forward('debug');
  console.warn = forward('warn');
  console.error = forward('error');
  /* eslint-enable no-console */
}
