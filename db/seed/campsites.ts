import type { Transaction } from '../client';
import { campsiteLanguages, campsites, configurations, users, type ContactFormField, type TagDefinition } from '../schema';
import { encryptSecret } from '../../lib/crypto/secret-box';
import { DEMO_CATALOGUES, type DemoCampsiteKey, type DemoCatalogue } from '../../lib/booking-platform/demo-catalogue';
import { DEMO_LOGINS, type DemoRole } from './logins';
import { ENGLISH, GERMAN, ITALIAN } from './people';

export type DemoCampsiteSpec = {
  key: DemoCampsiteKey;
  catalogue: DemoCatalogue;
  /** Seed of the PRNG: the same shape of data on every run. */
  randomSeed: number;
  contactCount: number;
  quoteCount: number;
  unreadNotifications: number;
  readNotifications: number;
  settings: Omit<typeof campsites.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
  quoteSender: { mittente: string; replyTo: string; oggetto: string };
};

const openingHours = {
  baseTime: '09:00',
  checkin: [{ from: '10:00', to: '13:30' }],
  checkout: [{ from: '16:00', to: '19:30' }],
  notes: 'Reception aperta tutti i giorni dalle 8:00 alle 20:00. Gli arrivi dopo le 19:30 vanno concordati con la reception.',
  // The same note for foreign guests (a French guest reads the English one): never the Italian one.
  notesByLanguage: {
    de: 'Die Rezeption ist täglich von 8:00 bis 20:00 Uhr geöffnet. Anreisen nach 19:30 Uhr bitte mit der Rezeption absprechen.',
    en: 'Reception is open every day from 8:00 to 20:00. Please arrange arrivals after 19:30 with reception.',
    nl: 'De receptie is elke dag open van 8:00 tot 20:00 uur. Aankomst na 19:30 uur graag vooraf met de receptie afstemmen.',
  },
};

const occupancyScale = [
  { threshold: 0, color: 'red', label: 'Non disponibile' },
  { threshold: 33, color: 'orange', label: 'Ultime disponibilità' },
  { threshold: 66, color: 'yellow', label: 'Poca disponibilità' },
  { threshold: 100, color: 'green', label: 'Disponibile' },
];

const formField = (field: string, required: boolean, visible = true): ContactFormField => ({ field, visible, required });

const contactFormFields = (showTypology: boolean): ContactFormField[] => [
  formField('nome', true),
  formField('cognome', true),
  formField('email', true),
  formField('telefono', false),
  formField('nazione', false),
  formField('lingua', true),
  formField('arrivo', true),
  formField('partenza', true),
  formField('tipologia', false, showTypology),
  formField('adulti', true),
  formField('bambini', false),
  formField('messaggio', false),
  formField('privacy', true),
];

const tag = (name: string, color: string): TagDefinition => ({ name, color });

/** Tag names the generators rely on; each campsite adds a couple of its own. */
export const CONTACT_TAGS = { regular: 'Cliente abituale', family: 'Famiglia', dog: 'Con cane', camper: 'Camperista' } as const;
export const QUOTE_TAGS = { highSeason: 'Alta stagione', longStay: 'Lungo soggiorno', callBack: 'Da richiamare' } as const;

const sharedContactTags = [tag(CONTACT_TAGS.regular, '#2f9e44'), tag(CONTACT_TAGS.family, '#1c7ed6'), tag(CONTACT_TAGS.dog, '#e8590c'), tag(CONTACT_TAGS.camper, '#7048e8')];
const sharedQuoteTags = [tag(QUOTE_TAGS.highSeason, '#e03131'), tag(QUOTE_TAGS.longStay, '#37b24d'), tag(QUOTE_TAGS.callBack, '#f59f00')];

export const DEMO_CAMPSITES: DemoCampsiteSpec[] = [
  {
    key: 'lago-azzurro',
    catalogue: DEMO_CATALOGUES['lago-azzurro'],
    randomSeed: 20270401,
    contactCount: 140,
    quoteCount: 100,
    unreadNotifications: 8,
    readNotifications: 10,
    settings: {
      name: 'Camping Lago Azzurro',
      lucee: false,
      platformCampId: DEMO_CATALOGUES['lago-azzurro'].platformCampId,
      urlToCv: 'https://prenotazioni.lagoazzurro.example/cv',
      mailjetApiKey: 'demo-mailjet-key',
      mailjetSecret: 'demo-mailjet-secret',
      discountOnlyOnUnit: true,
      personalizedTags: [...sharedContactTags, tag('VIP', '#f08c00'), tag('Gruppo', '#0ca678')],
      personalizedQuoteTags: [...sharedQuoteTags, tag('Last minute', '#f76707'), tag('Offerta speciale', '#ae3ec9')],
      openingHours,
      contacts: {
        phone: '+39 045 720 1188',
        whatsapp: '+39 333 410 2277',
        email: 'info@lagoazzurro.example',
        address: 'Via Gardesana 112, 37010 Brenzone sul Garda (VR)',
        policyLink: 'https://www.lagoazzurro.example/privacy',
      },
      occupancyScale,
      contactFormFields: contactFormFields(true),
    },
    quoteSender: { mittente: 'Camping Lago Azzurro', replyTo: 'prenotazioni@lagoazzurro.example', oggetto: 'Il suo preventivo – Camping Lago Azzurro' },
  },
  {
    key: 'pineta',
    catalogue: DEMO_CATALOGUES.pineta,
    randomSeed: 20270601,
    contactCount: 60,
    quoteCount: 50,
    unreadNotifications: 6,
    readNotifications: 6,
    settings: {
      name: 'Villaggio Pineta',
      lucee: true,
      platformCampId: DEMO_CATALOGUES.pineta.platformCampId,
      urlToCv: null,
      mailjetApiKey: null,
      mailjetSecret: null,
      discountOnlyOnUnit: false,
      personalizedTags: [...sharedContactTags, tag('Coppia', '#d6336c'), tag('Surf', '#1098ad')],
      personalizedQuoteTags: [...sharedQuoteTags, tag('Bassa stagione', '#74b816'), tag('Ponte festivo', '#4263eb')],
      openingHours,
      contacts: {
        phone: '+39 0564 933 410',
        whatsapp: '+39 347 218 6650',
        email: 'info@villaggiopineta.example',
        address: 'Viale delle Pinete 45, 58043 Castiglione della Pescaia (GR)',
        policyLink: 'https://www.villaggiopineta.example/privacy',
      },
      occupancyScale,
      contactFormFields: contactFormFields(false),
    },
    quoteSender: { mittente: 'Villaggio Pineta', replyTo: 'booking@villaggiopineta.example', oggetto: 'La sua offerta – Villaggio Pineta' },
  },
];

/** The mailing provider's keys are stored encrypted, as the settings save them (lib/campsites/settings.ts). */
const encryptedMailingKeys = (settings: DemoCampsiteSpec['settings']) => ({
  mailjetApiKey: settings.mailjetApiKey ? encryptSecret(settings.mailjetApiKey) : null,
  mailjetSecret: settings.mailjetSecret ? encryptSecret(settings.mailjetSecret) : null,
});

function requireHash(passwordHashes: ReadonlyMap<string, string>, email: string): string {
  const hash = passwordHashes.get(email);
  if (!hash) throw new Error(`Manca l'hash della password di ${email}`);
  return hash;
}

export type SeededUser = { id: string; role: DemoRole; name: string };

/** Inserts the campsite, its languages, users and quote-sending settings. */
export async function insertCampsite(
  tx: Transaction,
  spec: DemoCampsiteSpec,
  passwordHashes: ReadonlyMap<string, string>,
  createdAt: Date,
): Promise<{ campsiteId: string; users: SeededUser[] }> {
  const [campsite] = await tx
    .insert(campsites)
    .values({ ...spec.settings, ...encryptedMailingKeys(spec.settings), createdAt, updatedAt: createdAt })
    .returning({ id: campsites.id });
  if (!campsite) throw new Error(`Campeggio ${spec.settings.name} non inserito`);
  const campingId = campsite.id;

  await tx.insert(campsiteLanguages).values([
    { campingId, languageId: ITALIAN, phonePrefix: '+39', position: 0 },
    { campingId, languageId: GERMAN, phonePrefix: '+49', position: 1 },
    { campingId, languageId: ENGLISH, phonePrefix: '+44', position: 2 },
  ]);

  const logins = DEMO_LOGINS.filter((login) => login.campsiteKey === spec.key);
  const inserted = await tx
    .insert(users)
    .values(
      logins.map((login) => ({
        campingId,
        email: login.email.toLowerCase(),
        passwordHash: requireHash(passwordHashes, login.email),
        name: login.name,
        isAdmin: login.isAdmin,
        packLevel: login.packLevel,
        createdAt,
        updatedAt: createdAt,
      })),
    )
    .returning({ id: users.id, email: users.email });
  const seededUsers = logins.map((login) => {
    const row = inserted.find((user) => user.email === login.email.toLowerCase());
    if (!row) throw new Error(`Utente ${login.email} non inserito`);
    return { id: row.id, role: login.role, name: login.name };
  });

  await tx.insert(configurations).values({ campingId, group: 'emailInvioPreventivi', option: spec.quoteSender, createdAt, updatedAt: createdAt });
  return { campsiteId: campingId, users: seededUsers };
}
