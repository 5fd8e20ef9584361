import type { Dashboard } from './service';

/** unit 'cents': a sum of money over the listed quotes (the figures named …Cents), otherwise a count of rows. */
export type ListedFigure = { key: string; value: number; href: string; unit: 'count' | 'cents' };

const isFigure = (value: unknown): value is { value: number; href: string } =>
  typeof value === 'object' && value !== null && typeof (value as { value?: unknown }).value === 'number' && typeof (value as { href?: unknown }).href === 'string';

/**
 * Every figure of the dashboard with the list it opens: each `{ value, href }` anywhere in what
 * getDashboard returns, keyed by its path ('quotes.byProgress.inviato', 'nations.2.contacts'…).
 * It walks the object rather than listing names, so a figure added tomorrow is in it the day it
 * is added, and tests/integration/dashboard-links.test.ts follows its link and counts the rows.
 */
export function dashboardFigures(dashboard: Dashboard): ListedFigure[] {
  const found: ListedFigure[] = [];
  const walk = (node: unknown, path: string) => {
    if (isFigure(node)) {
      found.push({ key: path, value: node.value, href: node.href, unit: path.endsWith('Cents') ? 'cents' : 'count' });
      return;
    }
    if (Array.isArray(node)) node.forEach((item, index) => walk(item, `${path}.${index}`));
    else if (node && typeof node === 'object' && !(node instanceof Date)) for (const [key, value] of Object.entries(node)) walk(value, path ? `${path}.${key}` : key);
  };
  walk(dashboard, '');
  return found;
}
