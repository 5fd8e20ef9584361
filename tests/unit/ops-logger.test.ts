import { afterEach, describe, expect, it, vi } from 'vitest';
import { logger, prettyLine, scrub, scrubText } from '@/lib/ops/logger.mjs';
import { requestContext } from '@/lib/ops/request-context.mjs';
import { requestIdFor } from '@/lib/ops/request-log.mjs';

describe('the server log', () => {
  afterEach(() => vi.restoreAllMocks());

  it('cuts secrets and people out of what it is given', () => {
    const cleaned = scrub({
      user: { id: 7, email: 'anna.bianchi@example.it', firstName: 'Anna', password: 'hunter2' },
      headers: { authorization: 'Bearer abc.def', cookie: 'sid=1', 'x-api-key': 'k' },
      campsiteId: 'c1',
      note: 'scritto a anna.bianchi@example.it con Bearer abc.def da /login?token=xyz&lang=it',
    });
    expect(cleaned).toEqual({
      user: { id: 7, email: '[redatto]', firstName: '[redatto]', password: '[redatto]' },
      headers: { authorization: '[redatto]', cookie: '[redatto]', 'x-api-key': '[redatto]' },
      campsiteId: 'c1',
      note: 'scritto a [e-mail] con Bearer [redatto] da /login?token=[redatto]&lang=it',
    });
    expect(scrubText('nessun dato personale')).toBe('nessun dato personale');
  });

  it('writes an error with its stack on one JSON line, without the addresses in its message', () => {
    const line = JSON.stringify({ level: 'error', time: '2026-11-29T03:00:00.000Z', msg: 'x', err: scrub(new Error('invio a mario@example.com non riuscito')) });
    const parsed = JSON.parse(line);
    expect(parsed.err.type).toBe('Error');
    expect(parsed.err.message).toBe('invio a [e-mail] non riuscito');
    expect(parsed.err.stack).toContain('ops-logger.test.ts');
    expect(line).not.toContain('mario@example.com');
    expect(line.split('\n')).toHaveLength(1);
  });

  it('stamps the request’s id and campsite on what is logged while serving it', () => {
    const written: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => (written.push(String(chunk)), true));
    requestContext.run({ requestId: 'req-1', campsiteId: 'camp-9' }, () => logger.error({ err: new Error('per luigi@example.org') }, 'Invio non riuscito'));
    const output = written.join('');
    expect(output).toContain('reqId=req-1');
    expect(output).toContain('campsiteId=camp-9');
    expect(output).toContain('per [e-mail]');
    expect(output).not.toContain('luigi@example.org');
  });

  it('reads as one line a person can scan in the demo', () => {
    expect(prettyLine('{"level":"info","time":"2026-11-29T03:04:05.000Z","pid":1,"msg":"richiesta","route":"/login","status":200}')).toBe(
      '03:04:05 INFO  richiesta route=/login status=200\n',
    );
  });

  it('takes the proxy’s request id only when the proxy is trusted and the id is a short token', () => {
    expect(requestIdFor('abc-123.x', true)).toBe('abc-123.x');
    expect(requestIdFor('abc-123.x', false)).not.toBe('abc-123.x');
    expect(requestIdFor('a b', true)).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdFor('x'.repeat(129), true)).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdFor(undefined, true)).toMatch(/^[0-9a-f-]{36}$/);
  });
});
