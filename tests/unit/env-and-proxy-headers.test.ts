import { describe, expect, it, vi } from 'vitest';

// Before the first env() of this file: a server reached without a proxy of ours in front.
vi.stubEnv('TRUST_PROXY', '');

const { parseEnv } = await import('@/lib/env');
const { clientInfo, requestHost } = await import('@/lib/auth/client-info');

const PRODUCTION = { NODE_ENV: 'production', DATA_ENCRYPTION_KEY: 'k'.repeat(40) };

describe('the environment', () => {
  it('refuses production without APP_URL, in Italian', () => {
    expect(() => parseEnv(PRODUCTION)).toThrow(/Configurazione non valida:\n {2}- APP_URL: obbligatoria in produzione/);
  });

  it('accepts production with APP_URL, and development without it', () => {
    expect(parseEnv({ ...PRODUCTION, APP_URL: 'https://crm.example.it' }).APP_URL).toBe('https://crm.example.it');
    expect(parseEnv({ NODE_ENV: 'development' }).APP_URL).toBeUndefined();
  });

  it('reads TRUST_PROXY as 0 (default) or 1, nothing else', () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: '' }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(true);
    expect(() => parseEnv({ TRUST_PROXY: 'si' })).toThrow('TRUST_PROXY deve essere 0 oppure 1');
  });

  it('reads the shutdown’s grace and drain in seconds, the drain shorter than the grace', () => {
    expect(parseEnv({})).toMatchObject({ SHUTDOWN_GRACE_SECONDS: 20, SHUTDOWN_DRAIN_SECONDS: 5 });
    expect(parseEnv({ SHUTDOWN_GRACE_SECONDS: '30', SHUTDOWN_DRAIN_SECONDS: '0' })).toMatchObject({ SHUTDOWN_GRACE_SECONDS: 30, SHUTDOWN_DRAIN_SECONDS: 0 });
    expect(() => parseEnv({ SHUTDOWN_GRACE_SECONDS: 'venti' })).toThrow('SHUTDOWN_GRACE_SECONDS deve essere un numero di secondi');
    expect(() => parseEnv({ SHUTDOWN_GRACE_SECONDS: '0' })).toThrow('SHUTDOWN_GRACE_SECONDS: almeno 1 secondo');
    expect(() => parseEnv({ SHUTDOWN_GRACE_SECONDS: '5', SHUTDOWN_DRAIN_SECONDS: '5' })).toThrow('SHUTDOWN_DRAIN_SECONDS: deve essere minore di SHUTDOWN_GRACE_SECONDS');
  });
});

describe('forwarded headers', () => {
  const headers = new Headers({
    'x-forwarded-for': '203.0.113.9, 10.0.0.2',
    'x-forwarded-host': 'finto.example',
    'x-forwarded-proto': 'http',
    host: 'crm.example.it',
    'user-agent': 'prova',
  });

  it('are ignored without TRUST_PROXY: no address, the Host header, the protocol the server saw', () => {
    expect(clientInfo(headers)).toEqual({ ip: null, userAgent: 'prova' });
    expect(requestHost(headers, 'https')).toEqual({ host: 'crm.example.it', proto: 'https' });
  });

  it('are read with TRUST_PROXY=1: the right-most address, the forwarded host and protocol', () => {
    expect(clientInfo(headers, true)).toEqual({ ip: '10.0.0.2', userAgent: 'prova' });
    expect(requestHost(headers, 'https', true)).toEqual({ host: 'finto.example', proto: 'http' });
  });
});
