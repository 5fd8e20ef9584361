import { routeAccess } from '@/lib/auth/route-access';
import { describe, expect, it } from 'vitest';
import { mainNavigation, settingsMenu, type SettingsSection } from '@/components/shell/navigation';
import messages from '@/messages/it.json' with { type: 'json' };

/** What the user reads: the Italian label of each entry. */
const settingsLabels = (sections: SettingsSection[]) =>
  sections.flatMap((section) => section.entries.map((entry) => messages.settingsMenu[entry.labelKey as keyof typeof messages.settingsMenu]));
const navLabel = (key: string) => messages.nav[key as keyof typeof messages.nav];

describe('settingsMenu', () => {
  it('gives campsite admins the administration of their campsite and their accounts, without adding campsites', () => {
    const sections = settingsMenu({ isAdmin: true, lucee: false, fullPack: true });
    expect(sections.map((section) => messages.settingsMenu[section.labelKey as keyof typeof messages.settingsMenu])).toEqual([
      'Amministrazione',
      'Account',
    ]);
    expect(settingsLabels(sections)).toEqual([
      'Aggiungi utente',
      'Mostra utenti',
      'Opzioni preventivo',
      'Impostazioni del campeggio',
      'Registro attività',
      'Account CRM',
      'Casella di posta',
      'Novità del CRM',
    ]);
    for (const entry of sections.flatMap((section) => section.entries)) expect(entry.href).toMatch(/^\/settings\?v=/);
    expect(sections[0].entries.find((entry) => entry.labelKey === 'ownCampsite')?.href).toBe('/settings?v=campeggio');
  });

  it('gives the provider’s operator “Aggiungi campeggio”, the product updates and the scheduled jobs', () => {
    const labels = settingsLabels(settingsMenu({ isAdmin: true, isOperator: true, lucee: false, fullPack: true }));
    expect(labels).toContain('Aggiungi campeggio');
    expect(labels).toContain('Novità di prodotto');
    expect(labels).toContain('Attività pianificate');
    expect(settingsLabels(settingsMenu({ isAdmin: true, lucee: false, fullPack: true }))).not.toContain('Attività pianificate');
    expect(labels.indexOf('Aggiungi campeggio')).toBeLessThan(labels.indexOf('Mostra campeggi'));
    expect(labels).not.toContain('Impostazioni del campeggio');
  });

  it('gives everyone else only quote options, their accounts and the product-update history', () => {
    const sections = settingsMenu({ isAdmin: false, lucee: false, fullPack: true });
    expect(settingsLabels(sections)).toEqual(['Opzioni preventivo', 'Account CRM', 'Casella di posta', 'Novità del CRM']);
    const hrefs = sections.flatMap((section) => section.entries.map((entry) => entry.href));
    expect(hrefs).toEqual(['/settings?v=settPrev', '/settings?v=detUser', '/settings?v=gmail', '/settings?v=novita']);
  });

  it('sends lucee campsites to /settingsL', () => {
    for (const isAdmin of [true, false]) {
      const hrefs = settingsMenu({ isAdmin, lucee: true, fullPack: true }).flatMap((section) => section.entries.map((entry) => entry.href));
      expect(hrefs.length).toBeGreaterThan(0);
      for (const href of hrefs) expect(href).toMatch(/^\/settingsL\?v=/);
    }
  });
});

describe('mainNavigation', () => {
  it('shows the Newsletter entry only when the campsite has a mailing provider', () => {
    const without = mainNavigation({ showNewsletter: false, fullPack: true });
    expect(without.map((item) => navLabel(item.labelKey))).not.toContain('Newsletter');
    expect(without.map((item) => item.href)).not.toContain('/mailing');

    const withNewsletter = mainNavigation({ showNewsletter: true, fullPack: true });
    const newsletter = withNewsletter.find((item) => navLabel(item.labelKey) === 'Newsletter');
    expect(newsletter?.href).toBe('/mailing');
    // Everything else stays the same.
    expect(withNewsletter.filter((item) => item !== newsletter)).toEqual(without);
  });

  it('offers “Nuovo Preventivo” under Preventivi', () => {
    const quotes = mainNavigation({ showNewsletter: false, fullPack: true }).find((item) => navLabel(item.labelKey) === 'Preventivi');
    expect(quotes?.href).toBe('/preventivi');
    expect(quotes?.children?.map((child) => ({ label: navLabel(child.labelKey), href: child.href }))).toContainEqual({
      label: 'Nuovo Preventivo',
      href: '/crea-preventivo',
    });
  });

  it('has an Italian label for every entry', () => {
    for (const item of mainNavigation({ showNewsletter: true, fullPack: true })) {
      expect(navLabel(item.labelKey), item.labelKey).toEqual(expect.any(String));
      for (const child of item.children ?? []) expect(navLabel(child.labelKey), child.labelKey).toEqual(expect.any(String));
    }
  });
});

describe('service accounts', () => {
  it('see only the level-0 pages, so no link leads (or prefetches) into a forced logout', () => {
    const hrefs = mainNavigation({ showNewsletter: true, fullPack: false }).flatMap((item) => [item.href, ...(item.children ?? []).map((c) => c.href)]);
    expect(hrefs).toEqual(['/mail', '/imageManager']);
    for (const href of hrefs) expect(routeAccess(href)).toEqual({ kind: 'staff', packLevel: 0 });
    const settings = settingsMenu({ isAdmin: false, lucee: false, fullPack: false }).flatMap((section) => section.entries);
    for (const entry of settings) expect(routeAccess(new URL(entry.href, 'http://x').pathname)).toEqual({ kind: 'staff', packLevel: 0 });
  });
});
