/** What the shell shows, as data: the desktop bar and the mobile menu draw the same model. */
export type NavChild = { labelKey: string; href: string };
export type NavItem = { labelKey: string; href: string; children?: NavChild[] };
export type SettingsEntry = { labelKey: string; href: string };
export type SettingsSection = { labelKey: string; entries: SettingsEntry[] };

export const NEW_QUOTE_PATH = '/crea-preventivo';

/**
 * A service account (pack level below 10) sees only what it may open: its links would otherwise
 * lead, or be prefetched, into a forced logout. The Newsletter entry needs the campsite's
 * mailing-provider key and secret (spec section 2).
 */
export function mainNavigation({ showNewsletter, fullPack }: { showNewsletter: boolean; fullPack: boolean }): NavItem[] {
  if (!fullPack) {
    return [
      { labelKey: 'mail', href: '/mail' },
      { labelKey: 'images', href: '/imageManager' },
    ];
  }
  const items: NavItem[] = [
    { labelKey: 'dashboard', href: '/dashboard' },
    {
      labelKey: 'quotes',
      href: '/preventivi',
      children: [
        { labelKey: 'newQuote', href: NEW_QUOTE_PATH },
        { labelKey: 'requests', href: '/richieste' },
      ],
    },
    { labelKey: 'contacts', href: '/clienti', children: [{ labelKey: 'newContact', href: '/clienti/nuovo' }] },
    // The guests' automatic stay mails live beside the mail they become.
    { labelKey: 'mail', href: '/mail', children: [{ labelKey: 'upcomingMails', href: '/prossimiInvii' }] },
  ];
  if (showNewsletter) {
    items.push({
      labelKey: 'newsletter',
      href: '/mailing',
      children: [
        { labelKey: 'templates', href: '/templateDashboard' },
        { labelKey: 'guidedProcedure', href: '/stepsMailing' },
      ],
    });
  }
  return items;
}

export type SettingsRole = { isAdmin: boolean; isOperator?: boolean; lucee: boolean; fullPack: boolean };

/**
 * Admins get the administration entries of their campsite; the provider's operator also adds
 * campsites and posts product updates; everyone gets quote options, their accounts and the
 * product-update history.
 */
export function settingsMenu({ isAdmin, isOperator = false, lucee, fullPack }: SettingsRole): SettingsSection[] {
  const base = lucee ? '/settingsL' : '/settings';
  if (!fullPack) {
    return [{ labelKey: 'account', entries: [{ labelKey: 'mailCvSettings', href: lucee ? '/settings/mailCVL' : '/settings/mailCV' }] }];
  }
  const administration: SettingsSection = {
    labelKey: 'administration',
    entries: [
      { labelKey: 'addUser', href: `${base}?v=showUsers&nuovo=1` },
      { labelKey: 'showUsers', href: `${base}?v=showUsers` },
      { labelKey: 'quoteOptions', href: `${base}?v=settPrev` },
      ...(isOperator ? [{ labelKey: 'addCampsite', href: `${base}?v=addCamp` }] : []),
      // An admin manages one campsite: its settings, not a list of one. The operator lists them all.
      isOperator ? { labelKey: 'showCampsites', href: `${base}?v=showCamp` } : { labelKey: 'ownCampsite', href: `${base}?v=campeggio` },
      { labelKey: 'auditLog', href: `${base}?v=audit` },
      ...(isOperator ? [{ labelKey: 'postUpdates', href: `${base}?v=updates` }] : []),
      ...(isOperator ? [{ labelKey: 'scheduledJobs', href: `${base}?v=jobs` }] : []),
      ...(isOperator ? [{ labelKey: 'legacyImport', href: `${base}?v=importa` }] : []),
    ],
  };
  const account: SettingsSection = {
    labelKey: 'account',
    entries: [
      ...(isAdmin || isOperator ? [] : [{ labelKey: 'quoteOptions', href: `${base}?v=settPrev` }]),
      { labelKey: 'crmAccount', href: `${base}?v=detUser` },
      { labelKey: 'gmailAccount', href: `${base}?v=gmail` },
      { labelKey: 'updatesHistory', href: `${base}?v=novita` },
    ],
  };
  return isAdmin || isOperator ? [administration, account] : [account];
}

export function isActive(pathname: string, href: string): boolean {
  return pathname === href || pathname.startsWith(`${href}/`);
}
