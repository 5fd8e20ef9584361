import { describe, expect, it } from 'vitest';
import { routeAccess } from '@/lib/auth/route-access';

describe('routeAccess', () => {
  it('gives level-0 routes to service accounts and level 10 to the rest', () => {
    expect(routeAccess('/mail')).toEqual({ kind: 'staff', packLevel: 0 });
    expect(routeAccess('/settings/mailCV')).toEqual({ kind: 'staff', packLevel: 0 });
    // The booking platform's e-mail pages: open to the service accounts its one-time links log in.
    for (const path of ['/settings/mailCVL', '/emailCV', '/emailCVL', '/clientMailCV', '/clientMailCV/2027/1001']) {
      expect(routeAccess(path), path).toEqual({ kind: 'staff', packLevel: 0 });
    }
    expect(routeAccess('/settings')).toEqual({ kind: 'staff', packLevel: 10 });
    expect(routeAccess('/clienti/abc')).toEqual({ kind: 'staff', packLevel: 10 });
    expect(routeAccess('/')).toEqual({ kind: 'staff', packLevel: 10 });
  });

  it('keeps guest pages open and leaves unknown paths to the 404 page', () => {
    expect(routeAccess('/mailing/unsubscribe/a/b')).toEqual({ kind: 'guest' });
    expect(routeAccess('/mailing/conferma/token')).toEqual({ kind: 'guest' });
    expect(routeAccess('/mailing/consensi')).toEqual({ kind: 'staff', packLevel: 10 });
    expect(routeAccess('/mailing/xyz')).toEqual({ kind: 'staff', packLevel: 10 });
    expect(routeAccess('/visualizzaPreventivo/a/b/c')).toEqual({ kind: 'guest' });
    expect(routeAccess('/mailbox')).toBeNull();
    expect(routeAccess('/pagina-che-non-esiste')).toBeNull();
  });

  it('gates the old quote paths of links and mails like the quote pages (full pack)', () => {
    for (const path of ['/preventivi/q/c', '/preventivi/q/c/stepsPrenotazione', '/preventivi/q/c/k', '/crea-preventivo/c/q', '/crea-preventivo/q/c/edit/c', '/crea-preventivo/preview/c/q/true', '/preventivi/recenti']) {
      expect(routeAccess(path), path).toEqual({ kind: 'staff', packLevel: 10 });
    }
  });
});
