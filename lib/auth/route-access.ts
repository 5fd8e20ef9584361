/** Who may open a page: guests, the login pages, or staff with the pack level the route needs. */
export type RouteAccess = { kind: 'guest' } | { kind: 'login' } | { kind: 'staff'; packLevel: 0 | 10 };

// Longest prefix first: '/settings/mailCV' must win over '/settings', '/mailing/unsubscribe' over '/mailing'.
const PREFIXES: [string, RouteAccess][] = (
  [
    ['/contattaci', { kind: 'guest' }],
    ['/contattaciL', { kind: 'guest' }],
    ['/unsubscribe', { kind: 'guest' }],
    ['/sondaggio', { kind: 'guest' }],
    ['/visualizzaPreventivo', { kind: 'guest' }],
    ['/visualizzaPreventivoL', { kind: 'guest' }],
    ['/mailing/unsubscribe', { kind: 'guest' }],
    ['/mailing/conferma', { kind: 'guest' }],
    ['/loader', { kind: 'guest' }],
    ['/login', { kind: 'login' }],
    ['/loginCV', { kind: 'login' }],
    ['/loginCVL', { kind: 'login' }],
    ['/logout', { kind: 'login' }],
    // Level 0: what a service account may use.
    ['/mail', { kind: 'staff', packLevel: 0 }],
    ['/imageManager', { kind: 'staff', packLevel: 0 }],
    ['/settings/mailCV', { kind: 'staff', packLevel: 0 }],
    ['/settings/mailCVL', { kind: 'staff', packLevel: 0 }],
    ['/emailCV', { kind: 'staff', packLevel: 0 }],
    ['/emailCVL', { kind: 'staff', packLevel: 0 }],
    ['/clientMailCV', { kind: 'staff', packLevel: 0 }],
    ['/aiuto', { kind: 'staff', packLevel: 0 }],
    ['/manageGmail', { kind: 'staff', packLevel: 0 }],
    // Level 10: everything else the staff use.
    ['/home', { kind: 'staff', packLevel: 10 }],
    ['/dashboard', { kind: 'staff', packLevel: 10 }],
    ['/clienti', { kind: 'staff', packLevel: 10 }],
    ['/settings', { kind: 'staff', packLevel: 10 }],
    ['/settingsL', { kind: 'staff', packLevel: 10 }],
    ['/tracciaMail', { kind: 'staff', packLevel: 10 }],
    ['/prossimiInvii', { kind: 'staff', packLevel: 10 }],
    ['/crea-preventivo', { kind: 'staff', packLevel: 10 }],
    ['/preventivi', { kind: 'staff', packLevel: 10 }],
    ['/preventivo', { kind: 'staff', packLevel: 10 }],
    ['/richieste', { kind: 'staff', packLevel: 10 }],
    ['/mailing', { kind: 'staff', packLevel: 10 }],
    ['/stepsMailing', { kind: 'staff', packLevel: 10 }],
    ['/templator', { kind: 'staff', packLevel: 10 }],
    ['/templateDashboard', { kind: 'staff', packLevel: 10 }],
    ['/fileupload', { kind: 'staff', packLevel: 10 }],
  ] satisfies [string, RouteAccess][]
).sort(([a], [b]) => b.length - a.length);

/** The access rule of a path, or null for a path the product does not have (it gets the 404 page). */
export function routeAccess(pathname: string): RouteAccess | null {
  if (pathname === '/') return { kind: 'staff', packLevel: 10 };
  for (const [prefix, access] of PREFIXES) {
    if (pathname === prefix || pathname.startsWith(`${prefix}/`)) return access;
  }
  return null;
}
