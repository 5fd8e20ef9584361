import { encode } from 'next-auth/jwt';
import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { getScriptNonceFromHeader } from 'next/dist/server/app-render/get-script-nonce-from-header';
import { contentSecurityPolicy, isEmbeddablePath, newNonce } from '@/lib/http/csp';
import { proxy } from '@/proxy';

const directives = (policy: string) => new Map(policy.split('; ').map((directive) => [directive.split(' ')[0], directive.slice(directive.indexOf(' ') + 1)]));

describe('contentSecurityPolicy', () => {
  it('lets scripts run only with the nonce, and closes objects, <base> and foreign form targets', () => {
    const policy = directives(contentSecurityPolicy('/dashboard', 'bm9uY2U='));
    expect(policy.get('script-src')).toBe("'self' 'nonce-bm9uY2U=' 'strict-dynamic'");
    expect(policy.get('object-src')).toBe("'none'");
    expect(policy.get('base-uri')).toBe("'none'");
    expect(policy.get('form-action')).toBe("'self'");
    expect(policy.get('default-src')).toBe("'self'");
    expect(policy.get('report-uri')).toBe('/api/csp-report');
    // Chromium sends report-to reports from HTTPS pages only, and then skips report-uri.
    expect(policy.has('report-to')).toBe(false);
    expect(directives(contentSecurityPolicy('/dashboard', 'bm9uY2U=', { https: true })).get('report-to')).toBe('csp');
    // Styles are inline (Mantine, the mails' own <style> in the preview frames); scripts never.
    expect(policy.get('style-src')).toContain("'unsafe-inline'");
    expect(policy.get('script-src')).not.toContain('unsafe');
    expect(directives(contentSecurityPolicy('/dashboard', 'bm9uY2U=', { dev: true })).get('script-src')).toBe("'self' 'nonce-bm9uY2U=' 'strict-dynamic' 'unsafe-eval'");
  });

  it('lets any site frame the contact form, and no site any other page', () => {
    const frameAncestors = (path: string) => directives(contentSecurityPolicy(path, 'bm9uY2U=')).get('frame-ancestors');
    for (const path of ['/contattaci/abc', '/contattaci/abc/3/1', '/contattaciL/abc', '/contattaci']) {
      expect(frameAncestors(path), path).toBe('*');
      expect(isEmbeddablePath(path), path).toBe(true);
    }
    for (const path of ['/', '/login', '/dashboard', '/visualizzaPreventivo/a/b/c', '/visualizzaPreventivoL/a/b/c', '/unsubscribe/a/b', '/mailing/conferma/t', '/contattacix/abc', '/x/contattaci']) {
      expect(frameAncestors(path), path).toBe("'none'");
    }
  });

  it('draws a fresh nonce each time, in the form Next.js reads back from the policy', () => {
    const nonces = new Set(Array.from({ length: 200 }, () => newNonce()));
    expect(nonces.size).toBe(200);
    for (const nonce of nonces) {
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(getScriptNonceFromHeader(contentSecurityPolicy('/login', nonce))).toBe(nonce);
    }
  });
});

/** What the proxy hands on: the response's headers, and the request headers Next.js renders with. */
async function throughProxy(path: string, cookie?: string, headers: Record<string, string> = {}, origin = 'http://127.0.0.1:3000') {
  const response = await proxy(new NextRequest(`${origin}${path}`, { headers: { ...headers, ...(cookie ? { cookie } : {}) } }));
  const policy = response.headers.get('content-security-policy');
  return { response, policy, forwarded: response.headers.get('x-middleware-request-content-security-policy'), nonce: /'nonce-([^']+)'/.exec(policy ?? '')?.[1] };
}

describe('proxy.ts', () => {
  it('refuses a guest link with a control character in its path (400), before any page or database reads it', async () => {
    for (const path of ['/visualizzaPreventivo/abc%00/x/y', '/unsubscribe/camp%01/contatto', '/contattaci/%7F']) {
      const { response } = await throughProxy(path);
      expect(response.status, path).toBe(400);
      expect(await response.text()).toContain('Indirizzo non valido');
    }
    const fine = await throughProxy('/visualizzaPreventivo/a%20b/c/d');
    expect(fine.response.status).toBe(200);
  });

  it('sends each page the policy for its path with a new nonce, and passes the same policy on to the render', async () => {
    const guest = await throughProxy('/visualizzaPreventivo/a/b/c');
    expect(guest.policy).toBe(contentSecurityPolicy('/visualizzaPreventivo/a/b/c', guest.nonce!));
    expect(guest.forwarded).toBe(guest.policy);
    expect(guest.response.headers.get('reporting-endpoints')).toBeNull();

    const form = await throughProxy('/contattaci/abc/1');
    expect(directives(form.policy!).get('frame-ancestors')).toBe('*');
    expect(form.forwarded).toBe(form.policy);
    expect(form.nonce).not.toBe(guest.nonce);

    const login = await throughProxy('/login');
    expect(directives(login.policy!).get('frame-ancestors')).toBe("'none'");

    const salt = 'authjs.session-token';
    const session = await encode({ token: { sub: 'u1', sid: 's1', pl: 10 }, secret: process.env.AUTH_SECRET!, salt, maxAge: 3600 });
    const staff = await throughProxy('/dashboard', `${salt}=${session}`);
    expect(staff.policy).toBe(contentSecurityPolicy('/dashboard', staff.nonce!));
    expect(staff.forwarded).toBe(staff.policy);
  });

  it('names the Reporting API endpoint to pages asked over HTTPS, directly or through our proxy', async () => {
    const direct = await throughProxy('/login', undefined, {}, 'https://crm.test');
    const proxied = await throughProxy('/login', undefined, { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' });
    for (const { response, policy, nonce } of [direct, proxied]) {
      expect(policy).toBe(contentSecurityPolicy('/login', nonce!, { https: true }));
      expect(directives(policy!).get('report-to')).toBe('csp');
      expect(response.headers.get('reporting-endpoints')).toBe('csp="/api/csp-report"');
    }
  });

  it('sends no policy on a redirect, which has no page to protect', async () => {
    const anonymous = await throughProxy('/dashboard');
    expect(anonymous.response.status).toBe(307);
    expect(anonymous.policy).toBeNull();
  });
});
