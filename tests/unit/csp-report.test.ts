import { randomInt } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { POST } from '@/app/api/csp-report/route';
import { CSP_REPORT_BODY_LIMIT, MAX_REPORTS_PER_REQUEST, redactedAddress } from '@/lib/http/csp-report';
import { logger } from '@/lib/ops/logger.mjs';

// A fresh address per run: the limiter counts in Redis when REDIS_URL is set, across runs.
const address = () => `198.51.${randomInt(256)}.${randomInt(256)}`;

function report(body: string, ip: string, type = 'application/csp-report') {
  return POST(new Request('http://127.0.0.1:3000/api/csp-report', { method: 'POST', headers: { 'content-type': type, 'x-forwarded-for': ip }, body }));
}

const QUOTE_PAGE = 'http://127.0.0.1:3000/visualizzaPreventivo/F4wAODC4mIB6ExyEGj6lBA/-jFsD4lxu2U6NhXLQefRHQ/BLNEXUj2g1tjcFBqklaHBg';

describe('POST /api/csp-report', () => {
  let warn: MockInstance<typeof logger.warn>;
  beforeEach(() => {
    warn = vi.spyOn(logger, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    warn.mockRestore();
  });
  const logged = () => warn.mock.calls.map((call) => call.join(' '));

  it("logs a report-uri report in one line, without the guest's keys, and answers 204", async () => {
    const body = {
      'csp-report': {
        'document-uri': QUOTE_PAGE,
        'violated-directive': 'script-src-elem',
        'effective-directive': 'script-src-elem',
        'blocked-uri': 'inline',
        'source-file': QUOTE_PAGE,
        'line-number': 12,
        'column-number': 4,
        'script-sample': 'alert(1)\n//',
        'original-policy': "script-src 'nonce-x'",
        disposition: 'enforce',
      },
    };
    const answer = await report(JSON.stringify(body), address());
    expect(answer.status).toBe(204);
    expect(logged()).toEqual([
      '[csp] violazione direttiva=script-src-elem bloccato=inline pagina=http://127.0.0.1:3000/visualizzaPreventivo/:id/:id/:id sorgente=http://127.0.0.1:3000/visualizzaPreventivo/:id/:id/:id:12:4 campione="alert(1) //"',
    ]);
    expect(logged().join('')).not.toContain('F4wAODC4mIB6ExyEGj6lBA');
  });

  it('logs each csp-violation of a Reporting API batch, and only those', async () => {
    const batch = [
      { type: 'csp-violation', age: 1, url: QUOTE_PAGE, body: { documentURL: 'http://127.0.0.1:3000/dashboard', effectiveDirective: 'img-src', blockedURL: 'https://tracker.test/p.gif?u=1', disposition: 'report' } },
      { type: 'deprecation', body: { id: 'x' } },
      { type: 'csp-violation', body: { documentURL: 'http://127.0.0.1:3000/login', effectiveDirective: 'script-src-elem', blockedURL: 'https://cdn.test/x.js' } },
    ];
    const answer = await report(JSON.stringify(batch), address(), 'application/reports+json');
    expect(answer.status).toBe(204);
    expect(logged()).toEqual([
      '[csp] violazione direttiva=img-src bloccato=https://tracker.test/p.gif pagina=http://127.0.0.1:3000/dashboard modo=report',
      '[csp] violazione direttiva=script-src-elem bloccato=https://cdn.test/x.js pagina=http://127.0.0.1:3000/login',
    ]);
    const many = Array.from({ length: 50 }, () => batch[2]);
    expect((await report(JSON.stringify(many), address(), 'application/reports+json')).status).toBe(204);
    expect(logged()).toHaveLength(2 + MAX_REPORTS_PER_REQUEST);
  });

  it('refuses what is no report (400) and a body over the limit (413), logging nothing', async () => {
    for (const body of ['', 'not json', '{"altro":1}', '42']) {
      const answer = await report(body, address());
      expect(answer.status, body).toBe(400);
      expect(((await answer.json()) as { error: string }).error).toBe('Segnalazione non valida: attesa una segnalazione CSP in JSON.');
    }
    const huge = JSON.stringify({ 'csp-report': { 'blocked-uri': 'x'.repeat(CSP_REPORT_BODY_LIMIT) } });
    expect((await report(huge, address())).status).toBe(413);
    expect(logged()).toEqual([]);
  });

  it('stops logging an address past 30 reports a minute with a 429, while another address still reports', async () => {
    const noisy = address();
    const body = JSON.stringify({ 'csp-report': { 'document-uri': 'http://127.0.0.1:3000/login', 'effective-directive': 'img-src', 'blocked-uri': 'data' } });
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) statuses.push((await report(body, noisy)).status);
    expect(statuses.filter((status) => status === 204)).toHaveLength(30);
    const refused = await report(body, noisy);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(logged()).toHaveLength(30);
    expect((await report(body, address())).status).toBe(204);
  });
});

describe('redactedAddress', () => {
  it('keeps the shape of a page address and drops its ids, tokens, query and fragment', () => {
    expect(redactedAddress('https://crm.test/mailing/conferma/0123456789abcdefXYZ?x=1#a')).toBe('https://crm.test/mailing/conferma/:id');
    expect(redactedAddress('https://crm.test/preventivo/edit/abc')).toBe('https://crm.test/preventivo/edit/abc');
    expect(redactedAddress('https://crm.test/mail/conversazione/Xy3kdLmN0pQrStUv')).toBe('https://crm.test/mail/conversazione/:id');
    expect(redactedAddress('/loginCV/0b6c2e0c-3b1e-4a3e-9f2a-7d1b2c3d4e5f')).toBe('/loginCV/:id');
    expect(redactedAddress('')).toBe('');
    expect(redactedAddress(undefined)).toBe('');
  });
});
