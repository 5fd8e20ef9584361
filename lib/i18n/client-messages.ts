import type { AbstractIntlMessages } from 'next-intl';

/**
 * The message namespaces that client components translate with, top level or dotted. Only these
 * travel to the browser: the whole Italian catalogue was 88 KB in the payload of every staff page.
 * tests/unit/client-messages.test.ts fails when a client component reads a namespace left out here.
 */
export const CLIENT_NAMESPACES = [
  'bell',
  'board',
  'campaigns',
  'campsiteSettings',
  'contacts',
  'cvMail.closed',
  'cvMail.compose',
  'cvMail.settings',
  'editMode',
  'fileUpload',
  'followUps',
  'guestForm',
  'guestNewsletter',
  'guestUnsubscribe',
  'images',
  'labelTranslations',
  'legacyImport',
  'lists',
  'login',
  'mail.attachments',
  'mail.reminder',
  'mail.send',
  'mail.status',
  'mailbox',
  'mailboxSettings.bound',
  'mailboxSettings.choices',
  'mailboxSettings.form',
  'mailboxSettings.quote',
  'mailboxSettings.timeline',
  'nav',
  'productUpdates',
  'progress',
  'quoteQuestions',
  'quotes',
  'returningGuests',
  'richText',
  'scheduledJobs',
  'settings.quoteOptions',
  'settingsCampsites',
  'settingsMenu',
  'settingsUsers',
  'stepsMailing',
  'survey',
  'stays.settings',
  'stays.skip',
  'templates',
  'tokenLogin',
] as const;

/** True when `namespace` (dotted) lies inside one of `namespaces`. */
export function coveredBy(namespace: string, namespaces: readonly string[] = CLIENT_NAMESPACES): boolean {
  return namespaces.some((entry) => namespace === entry || namespace.startsWith(`${entry}.`));
}

/** The part of `messages` under the given dotted namespaces, with the same nesting. */
export function pickMessages(
  messages: AbstractIntlMessages,
  namespaces: readonly string[] = CLIENT_NAMESPACES,
): AbstractIntlMessages {
  const picked: AbstractIntlMessages = {};
  for (const namespace of namespaces) {
    const path = namespace.split('.');
    let source: AbstractIntlMessages | string | undefined = messages;
    for (const segment of path) source = typeof source === 'object' ? source[segment] : undefined;
    if (source === undefined) continue;
    let target = picked;
    for (const segment of path.slice(0, -1)) {
      const next = target[segment];
      target = typeof next === 'object' ? next : (target[segment] = {});
    }
    target[path[path.length - 1]] = source;
  }
  return picked;
}
