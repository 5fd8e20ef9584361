import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { connectLegacy, LegacyImportError } from '@/lib/legacy-import/client';
import { z } from '@/lib/validation';

/** A local server answering every call with `answer`; counts the calls. */
async function serverAnswering(answer: (path: string, body: string) => { status: number; body: string; type?: string }) {
  let calls = 0;
  const server: Server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () => {
      calls++;
      const { status, body, type } = answer(request.url ?? '', raw);
      response.writeHead(status, { 'content-type': type ?? 'application/json' });
      response.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls: () => calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const login = { email: 'reception@vecchio.example', password: 'una-password' };

describe('a start the old CRM refuses is a clear Italian error, before anything is read or written', () => {
  it('an address that is not one', async () => {
    await expect(connectLegacy({ baseUrl: 'crm vecchio', ...login })).rejects.toThrow(/Indirizzo del vecchio CRM non valido: «crm vecchio»/);
    await expect(connectLegacy({ baseUrl: 'ftp://crm.example', ...login })).rejects.toThrow(/serve http o https/);
  });

  it('an address where nothing answers, after a few gentle attempts', async () => {
    const closed = await serverAnswering(() => ({ status: 200, body: '{}' }));
    await closed.close();
    const error = await connectLegacy({ baseUrl: closed.url, ...login, attempts: 2 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LegacyImportError);
    expect((error as Error).message).toMatch(/non è raggiungibile: POST \/users\/login non ha avuto risposta dopo 2 tentativi/);
  });

  it('wrong credentials', async () => {
    const old = await serverAnswering(() => ({ status: 400, body: JSON.stringify({ error: 'Credenziali non valide' }) }));
    try {
      await expect(connectLegacy({ baseUrl: old.url, ...login })).rejects.toThrow('Il vecchio CRM ha rifiutato l’accesso di reception@vecchio.example: controlla e-mail e password di un utente del campeggio.');
      // A refusal is not retried.
      expect(old.calls()).toBe(1);
    } finally {
      await old.close();
    }
  });

  it('a server that does not speak the contract: a web page, or JSON of another shape', async () => {
    const page = await serverAnswering(() => ({ status: 200, body: '<html><body>Benvenuto</body></html>', type: 'text/html' }));
    const other = await serverAnswering(() => ({ status: 200, body: JSON.stringify({ ok: true, session: 'x' }) }));
    try {
      await expect(connectLegacy({ baseUrl: page.url, ...login })).rejects.toThrow('Il vecchio CRM non parla il contratto atteso: POST /users/login non ha risposto con JSON.');
      await expect(connectLegacy({ baseUrl: other.url, ...login })).rejects.toThrow(/non parla il contratto atteso: la risposta di POST \/users\/login non ha la forma prevista \(token:/);
    } finally {
      await page.close();
      await other.close();
    }
  });

  it('a server that keeps failing is retried with backoff and then named with its call', async () => {
    let attempts = 0;
    const failing = await serverAnswering((path) => {
      if (path === '/api/users/login') return { status: 200, body: JSON.stringify({ token: 't', user: { _id: 'u', camping: 'c', email: login.email } }) };
      attempts++;
      return { status: 503, body: JSON.stringify({ error: 'Manutenzione' }) };
    });
    try {
      const client = await connectLegacy({ baseUrl: `${failing.url}/api/`, ...login, attempts: 3 });
      expect(client.session).toEqual({ campsiteId: 'c', userId: 'u', email: login.email });
      await expect(client.json('POST', '/getContact/lazy', z.unknown(), {})).rejects.toThrow(
        'Il vecchio CRM ha risposto 503 a POST /getContact/lazy: Manutenzione.',
      );
      expect(attempts).toBe(3);
    } finally {
      await failing.close();
    }
  });
});
