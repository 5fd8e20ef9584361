import type { DemoCampsiteKey } from '../../lib/booking-platform/demo-catalogue';

export type DemoRole = 'admin' | 'staff' | 'service' | 'operator';

export type DemoLogin = {
  /** 'provider': the provider's own campsite, home of its operators. */
  campsiteKey: DemoCampsiteKey | 'provider';
  campsite: string;
  email: string;
  password: string;
  name: string;
  role: DemoRole;
  isAdmin: boolean;
  isOperator?: boolean;
  packLevel: number;
};

export const PROVIDER_CAMPSITE_NAME = 'CRM Campeggi (fornitore)';

/** The demo accounts; browser tests and the README log in with these. */
export const DEMO_LOGINS: readonly DemoLogin[] = [
  { campsiteKey: 'lago-azzurro', campsite: 'Camping Lago Azzurro', email: 'admin@lagoazzurro.test', password: 'LagoAzzurro-2026!', name: 'Giulia Bianchi', role: 'admin', isAdmin: true, packLevel: 10 },
  { campsiteKey: 'lago-azzurro', campsite: 'Camping Lago Azzurro', email: 'staff@lagoazzurro.test', password: 'LagoStaff-2026!', name: 'Marco Ferri', role: 'staff', isAdmin: false, packLevel: 10 },
  { campsiteKey: 'lago-azzurro', campsite: 'Camping Lago Azzurro', email: 'servizio@lagoazzurro.test', password: 'LagoServizio-2026!', name: 'Servizio prenotazioni', role: 'service', isAdmin: false, packLevel: 0 },
  { campsiteKey: 'pineta', campsite: 'Villaggio Pineta', email: 'admin@pineta.test', password: 'Pineta-2026!', name: 'Sara Conti', role: 'admin', isAdmin: true, packLevel: 10 },
  {
    campsiteKey: 'provider',
    campsite: PROVIDER_CAMPSITE_NAME,
    email: 'operatore@crm-campeggi.test',
    password: 'Operatore-2026!',
    name: 'Operatore CRM Campeggi',
    role: 'operator',
    isAdmin: true,
    isOperator: true,
    packLevel: 10,
  },
];

export const ROLE_LABELS: Record<DemoRole, string> = {
  admin: 'Amministratore',
  staff: 'Operatore',
  service: 'Account di servizio',
  operator: 'Operatore del fornitore',
};

/** The logins as a plain-text table, printed by the seed and by `npm run demo` before the server starts. */
export function demoLoginsTable(): string {
  const header = ['Campeggio', 'E-mail', 'Password', 'Ruolo'];
  const rows = DEMO_LOGINS.map((login) => [login.campsite, login.email, login.password, ROLE_LABELS[login.role]]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  const format = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column])).join('  ').trimEnd();
  return ['Accessi demo:', format(header), format(widths.map((width) => '-'.repeat(width))), ...rows.map(format)].join('\n');
}
