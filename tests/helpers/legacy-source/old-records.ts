import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt } from 'drizzle-orm';
import sharp from 'sharp';
import type { Database } from '@/db/client';
import {
  campaigns,
  contacts,
  drafts,
  images,
  listMemberships,
  mailingLists,
  mailTraces,
  notifications,
  quoteCards,
  quoteProgressEvents,
  quoteRequests,
  quotes,
  templates,
  typologyDescriptions,
  users,
} from '@/db/schema';
import { hashPassword } from '@/lib/auth/passwords';
import { encodeImage } from '@/lib/images/encode';

/** An id of the old CRM's shape: a document store's ObjectId, 24 lowercase hexadecimal characters. */
export const oldId = () => randomBytes(12).toString('hex');

export const OLD_STAFF = { email: 'reception@vecchio-crm.test', password: 'VecchioCrm-2026!' };

/** A pitch of the demo catalogue: the demo seed gives pitches no picture and no description, these records do. */
export const OLD_TYPOLOGY_ID = 'LA-PZ-LAGO';

export type OldRecords = {
  staffUserId: string;
  contactIds: string[];
  /** [sent quote with two cards, quote opened by a request]. */
  quoteIds: string[];
  cardIds: string[];
  progressEventIds: string[];
  requestId: string;
  templateId: string;
  draftId: string;
  listId: string;
  imageId: string;
  typologyId: string;
  campaignId: string;
  mailTraceId: string;
  notificationId: string;
};

const ITALIAN = 1;
const ENGLISH = 2;
const GERMAN = 3;
const DAY = 24 * 60 * 60 * 1000;

/**
 * Records written as the old CRM would hold them: every id 24 hex characters. Our services always
 * choose their ids, so these are direct inserts, shaped like the demo's own rows (a card copies a
 * priced demo card, so the quote's mini-site has real totals).
 */
export async function insertOldRecords(db: Database, campingId: string, now = new Date()): Promise<OldRecords> {
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY);
  const staffUserId = oldId();
  await db.insert(users).values({
    id: staffUserId,
    campingId,
    email: OLD_STAFF.email,
    passwordHash: await hashPassword(OLD_STAFF.password),
    name: 'Reception (vecchio CRM)',
    isAdmin: true,
    packLevel: 10,
    createdAt: at(900),
    updatedAt: at(900),
    version: 3,
  });

  const contactIds = [oldId(), oldId(), oldId()];
  await db.insert(contacts).values([
    { id: contactIds[0], campingId, ownerId: staffUserId, firstName: 'Lucia', lastName: 'Moretti', email: 'lucia.moretti@vecchio.example', phonePrefix: '+39', phone: '347 112 2334', languageId: ITALIAN, city: 'Verona', tags: ['Famiglia'], source: 'staff', createdAt: at(800), updatedAt: at(400), version: 2 },
    { id: contactIds[1], campingId, ownerId: staffUserId, firstName: 'Jonas', lastName: 'Becker', email: 'jonas.becker@vecchio.example', phonePrefix: '+49', phone: '171 5550123', languageId: GERMAN, city: 'München', tags: ['Camperista'], source: 'form', createdAt: at(700), updatedAt: at(700) },
    { id: contactIds[2], campingId, firstName: 'Emma', lastName: 'Clarke', email: 'emma.clarke@vecchio.example', languageId: ENGLISH, source: 'import', newsletterOptOutAt: at(100), createdAt: at(600), updatedAt: at(100), version: 1 },
  ]);

  const [pricedCard] = await db
    .select()
    .from(quoteCards)
    .where(and(eq(quoteCards.campingId, campingId), gt(quoteCards.totalCents, 0)))
    .orderBy(desc(quoteCards.totalCents))
    .limit(1);
  if (!pricedCard) throw new Error('Il seed demo non ha schede con un prezzo da copiare');
  const { id: _id, quoteId: _quoteId, idx: _idx, createdAt: _createdAt, updatedAt: _updatedAt, ...cardShape } = pricedCard;

  const quoteIds = [oldId(), oldId()];
  await db.insert(quotes).values([
    { id: quoteIds[0], campingId, contactId: contactIds[0], ownerId: staffUserId, name: 'Estate al lago – famiglia Moretti', languageId: ITALIAN, progress: 'inviato', progressChangedAt: at(30), validUntil: at(-30), tags: ['Alta stagione'], sentAt: at(30), createdAt: at(32), updatedAt: at(30), version: 4 },
    { id: quoteIds[1], campingId, contactId: contactIds[1], name: 'Anfrage Becker', languageId: GERMAN, progress: 'richiesta', progressChangedAt: at(2), createdAt: at(2), updatedAt: at(2) },
  ]);
  const cardIds = [oldId(), oldId()];
  await db.insert(quoteCards).values([
    { ...cardShape, id: cardIds[0], campingId, quoteId: quoteIds[0], idx: 0, createdAt: at(32), updatedAt: at(30) },
    { ...cardShape, id: cardIds[1], campingId, quoteId: quoteIds[0], idx: 1, discountCents: 5000, totalCents: cardShape.totalCents - 5000, text: 'Con lo sconto fedeltà del vecchio CRM.', createdAt: at(32), updatedAt: at(30) },
  ]);
  const progressEventIds = [oldId(), oldId(), oldId()];
  await db.insert(quoteProgressEvents).values([
    { id: progressEventIds[0], campingId, quoteId: quoteIds[0], fromProgress: null, toProgress: 'bozza', actorKind: 'staff', actorUserId: staffUserId, at: at(32) },
    { id: progressEventIds[1], campingId, quoteId: quoteIds[0], fromProgress: 'bozza', toProgress: 'inviato', actorKind: 'staff', actorUserId: staffUserId, note: 'Inviato per e-mail', at: at(30) },
    { id: progressEventIds[2], campingId, quoteId: quoteIds[1], fromProgress: null, toProgress: 'richiesta', actorKind: 'guest', at: at(2) },
  ]);
  const requestId = oldId();
  const arrival = new Date(now.getTime() + 120 * DAY).toISOString().slice(0, 10);
  const departure = new Date(now.getTime() + 127 * DAY).toISOString().slice(0, 10);
  await db.insert(quoteRequests).values({
    id: requestId,
    campingId,
    quoteId: quoteIds[1],
    contactId: contactIds[1],
    languageId: GERMAN,
    arrival,
    departure,
    message: 'Wir kommen mit dem Wohnmobil und einem Hund.',
    payload: { nome: 'Jonas', cognome: 'Becker', email: 'jonas.becker@vecchio.example', arrivo: arrival, partenza: departure, adulti: 2, tipologia: OLD_TYPOLOGY_ID },
    createdAt: at(2),
  });

  const templateId = oldId();
  await db.insert(templates).values({ id: templateId, campingId, name: 'Preventivo (vecchio CRM)', html: '<p>Gentile {{nome}}, ecco la nostra offerta.</p>', note: 'Dal vecchio CRM', languageId: ITALIAN, createdAt: at(900), updatedAt: at(500), version: 2 });
  const draftId = oldId();
  await db.insert(drafts).values({ id: draftId, campingId, ownerId: staffUserId, kind: 'mail', title: 'Risposta a Becker', payload: { oggetto: 'La sua richiesta', testo: '<p>Gentile signor Becker…</p>', cliente: contactIds[1] }, createdAt: at(1), updatedAt: at(1) });

  const listId = oldId();
  await db.insert(mailingLists).values({ id: listId, campingId, name: 'Ospiti del vecchio CRM', description: 'Lista portata dal vecchio CRM', createdAt: at(500), updatedAt: at(500), version: 1 });
  await db.insert(listMemberships).values(contactIds.map((contactId, i) => ({ campingId, listId, contactId, addedAt: at(450 - i), unsubscribedAt: i === 2 ? at(100) : null })));

  const typologyId = OLD_TYPOLOGY_ID;
  const imageId = oldId();
  const picture = await encodeImage(await sharp({ create: { width: 64, height: 40, channels: 3, background: { r: 30, g: 120, b: 200 } } }).jpeg().toBuffer());
  await db.insert(images).values({ id: imageId, campingId, fileName: 'piazzola-lago.jpg', mimeType: picture.mimeType, width: picture.width, height: picture.height, byteSize: picture.data.length, data: picture.data, typologyId, category: 'Esterno', alt: 'Piazzola vista lago', createdAt: at(300) });
  await db.insert(typologyDescriptions).values([
    { campingId, typologyId, languageId: ITALIAN, html: '<p>Piazzola affacciata sul lago, all’ombra degli ulivi.</p>' },
    { campingId, typologyId, languageId: GERMAN, html: '<p>Stellplatz mit Blick auf den See, im Schatten der Olivenbäume.</p>' },
  ]);

  const campaignId = oldId();
  await db.insert(campaigns).values({
    id: campaignId,
    campingId,
    listId,
    templateId,
    subject: 'Novità della stagione',
    html: '<p>Apriamo il 1° aprile!</p>',
    languageId: ITALIAN,
    createdBy: staffUserId,
    status: 'sent',
    recipientCount: 2,
    sentCount: 2,
    skippedCount: 1,
    stats: { sent: 2, delivered: 2, opened: 1, clicked: 1, bounced: 0, unsubscribed: 0 },
    fannedOutAt: at(200),
    startedAt: at(200),
    sentAt: at(200),
    createdAt: at(201),
    updatedAt: at(200),
  });

  const mailTraceId = oldId();
  await db.insert(mailTraces).values({
    id: mailTraceId,
    campingId,
    contactId: contactIds[0],
    quoteId: quoteIds[0],
    threadId: oldId(),
    referenceId: oldId(),
    direction: 'out',
    recipients: ['lucia.moretti@vecchio.example'],
    subject: 'Il suo preventivo – Camping Lago Azzurro',
    body: '<p>Gentile Lucia, le inviamo il preventivo.</p>',
    isSent: true,
    meta: { operatore: OLD_STAFF.email, cliente: contactIds[0] },
    createdAt: at(30),
    sentAt: at(30),
  });
  const notificationId = oldId();
  await db.insert(notifications).values({ id: notificationId, campingId, group: 'richiesta', title: 'Nuova richiesta di preventivo', description: 'Jonas Becker ha chiesto un preventivo', quoteId: quoteIds[1], contactId: contactIds[1], createdAt: at(2) });

  return { staffUserId, contactIds, quoteIds, cardIds, progressEventIds, requestId, templateId, draftId, listId, imageId, typologyId, campaignId, mailTraceId, notificationId };
}
