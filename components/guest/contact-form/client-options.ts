import { romeIsoDate } from '@/lib/date-filter';
import { nameIn } from '@/lib/i18n/label-names';
import type { GuestLocale } from '@/lib/i18n/locales';
import type { FormLanguage, FormOptions, PublicCampsite } from '@/lib/requests/form-options';
import type { ClientFormOptions, FormValues } from '../../../lib/requests/contact-form-types';

const intlLocale = (locale: GuestLocale) => (locale === 'en' ? 'en-GB' : locale);

/** A link the guest may follow: only web addresses, never a script. */
const safeLink = (url: string | undefined) => (url && /^https?:\/\/\S+$/i.test(url.trim()) ? url.trim() : null);

/**
 * The form's lists with labels in the guest's language: countries named by the browser-independent
 * ICU data (the reference table spells them in Italian for the staff), sorted as the guest reads.
 */
export function clientFormOptions(options: FormOptions, campsite: PublicCampsite, locale: GuestLocale): ClientFormOptions {
  const regions = new Intl.DisplayNames([intlLocale(locale)], { type: 'region' });
  const collator = new Intl.Collator(intlLocale(locale));
  const nations = options.nations
    .map((nation) => ({ value: String(nation.id), label: regions.of(nation.isoCode) ?? nation.name, phonePrefix: nation.phonePrefix, isoCode: nation.isoCode }))
    .sort((a, b) => collator.compare(a.label, b.label));
  const byPrefix = new Map<string, string[]>();
  for (const nation of [...nations].sort((a, b) => a.isoCode.localeCompare(b.isoCode))) {
    byPrefix.set(nation.phonePrefix, [...(byPrefix.get(nation.phonePrefix) ?? []), nation.isoCode]);
  }
  const prefixes = [...byPrefix.entries()]
    .map(([prefix, codes]) => ({ value: prefix, label: `${codes.join('/')} ${prefix}` }))
    .sort((a, b) => a.label.localeCompare(b.label));
  return {
    fields: options.fields,
    languages: options.languages.map((language) => ({ value: String(language.id), label: language.name })),
    nations: nations.map(({ value, label, phonePrefix }) => ({ value, label, phonePrefix })),
    prefixes,
    typologies: options.typologies.map((typology) => ({ value: typology.id, label: nameIn(typology.names, locale, typology.name) })),
    ages: options.ages,
    policyLink: safeLink(campsite.contacts?.policyLink),
    today: romeIsoDate(new Date()),
  };
}

/** An empty form that already knows the page's language and its phone prefix; two adults, as most guests are. */
export function initialValues(options: FormOptions, client: ClientFormOptions, language: FormLanguage): FormValues {
  const spoken = options.languages.find((item) => item.id === language.languageId);
  const prefix = spoken && client.prefixes.some((item) => item.value === spoken.phonePrefix) ? spoken.phonePrefix : '';
  return {
    nome: '',
    cognome: '',
    email: '',
    prefisso: prefix,
    telefono: '',
    nazione: '',
    lingua: spoken ? String(spoken.id) : '',
    arrivo: '',
    partenza: '',
    tipologia: '',
    adulti: 2,
    bambini: 0,
    messaggio: '',
    privacy: false,
    newsletter: false,
    website: '',
  };
}
