/**
 * The CSP violation reports browsers post to CSP_REPORT_PATH, in both shapes: report-uri's
 * `{ "csp-report": { … } }` (application/csp-report) and the Reporting API's array of
 * `{ type: "csp-violation", body: { … } }` (application/reports+json).
 */
export type CspViolation = { document: string; directive: string; blocked: string; source: string; sample: string; disposition: string };

/** A report is a few hundred bytes; a browser's batch a few kilobytes. */
export const CSP_REPORT_BODY_LIMIT = 16 * 1024;

/** The most reports of one request that are logged: a browser batches a few, never hundreds. */
export const MAX_REPORTS_PER_REQUEST = 10;

const text = (value: unknown, max = 200) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '').replace(/[\u0000-\u001f\u007f]+/g, ' ').slice(0, max);
const record = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});

/**
 * A page's address without the guest's keys: the ids and tokens in the path of a quote, an
 * unsubscribe or a login link open what they name, so a log line keeps only their shape. The
 * first segment names the page; after it, only lowercase words (edit, conferma) and short
 * values (a language, a number) stay.
 */
export function redactedAddress(value: unknown): string {
  const raw = text(value, 2000);
  if (!raw) return '';
  try {
    const url = new URL(raw, 'http://pagina.invalid');
    const path = url.pathname
      .split('/')
      .map((segment, index) => (index < 2 || segment.length < 8 || /^[a-z]+$/.test(segment) ? segment : ':id'))
      .join('/');
    return url.host === 'pagina.invalid' || !/^https?:$/.test(url.protocol) ? path : `${url.origin}${path}`;
  } catch {
    return text(raw, 60);
  }
}

function violationOf(body: Record<string, unknown>, legacy: boolean): CspViolation {
  const pick = (modern: string, old: string) => (legacy ? body[old] : body[modern]);
  const source = pick('sourceFile', 'source-file');
  const line = pick('lineNumber', 'line-number');
  const column = pick('columnNumber', 'column-number');
  const blocked = pick('blockedURL', 'blocked-uri');
  return {
    document: redactedAddress(pick('documentURL', 'document-uri')),
    directive: text(pick('effectiveDirective', 'effective-directive') || (legacy ? body['violated-directive'] : ''), 60),
    // 'inline', 'eval' and the like are keywords, not addresses.
    blocked: typeof blocked === 'string' && /^[a-z-]+$/.test(blocked) ? blocked : redactedAddress(blocked),
    source: source ? `${redactedAddress(source)}${line ? `:${text(line, 10)}` : ''}${column ? `:${text(column, 10)}` : ''}` : '',
    sample: text(pick('sample', 'script-sample'), 80),
    disposition: text(body.disposition, 20) || 'enforce',
  };
}

/** The violations a report body holds (at most MAX_REPORTS_PER_REQUEST), or null when it is no report at all. */
export function parseCspReports(raw: string): CspViolation[] | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (Array.isArray(parsed)) {
    return parsed
      .map(record)
      .filter((report) => report.type === 'csp-violation')
      .slice(0, MAX_REPORTS_PER_REQUEST)
      .map((report) => violationOf(record(report.body), false));
  }
  const legacy = record(parsed)['csp-report'];
  return legacy && typeof legacy === 'object' ? [violationOf(record(legacy), true)] : null;
}

/** One log line per violation, greppable by its prefix. */
export function violationLogLine(violation: CspViolation): string {
  const parts = [`direttiva=${violation.directive || '?'}`, `bloccato=${violation.blocked || '?'}`, `pagina=${violation.document || '?'}`];
  if (violation.source) parts.push(`sorgente=${violation.source}`);
  if (violation.sample) parts.push(`campione=${JSON.stringify(violation.sample)}`);
  if (violation.disposition !== 'enforce') parts.push(`modo=${violation.disposition}`);
  return `[csp] violazione ${parts.join(' ')}`;
}
