import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import * as schema from '@/db/schema';
import { hashPassword } from '@/lib/auth/passwords';
import { encryptSecret } from '@/lib/crypto/secret-box';
import { newId } from '@/lib/ids';
import { TEST_PASSWORD } from './fixtures';

/**
 * Two campsites for the isolation tests: the victim with a row in every tenant table, each of its
 * texts a canary of its own (CANARY-<run>-<n>), and the attacker, a campsite admin with full pack
 * and a little data of its own. A canary knows the victim object it lives in, so a public call
 * that names an object may show that object's face and nothing else.
 */

/** Tenant tables the world leaves empty on purpose; any other table with camping_id must hold a victim row. */
export const TABLES_LEFT_EMPTY: Record<string, string> = {};

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? []));

const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

export async function makeTenantWorld(db: Database) {
  const run = randomBytes(5).toString('hex');
  /** Canary text → the victim object (its id) that carries it. */
  const canaries = new Map<string, string>();
  let next = 0;
  const canary = (owner: string, label = 'testo') => {
    const token = `CANARY-${run}-${++next}`;
    canaries.set(token, owner);
    return `${label} ${token}`;
  };
  /** Addresses are lower-case everywhere they are stored: the canary is too. */
  const canaryEmail = (owner: string) => {
    const token = `canary-${run}-${++next}`;
    canaries.set(token, owner);
    return `${token}@vittima.example`;
  };

  const campsiteId = newId();
  const [victim] = await db
    .insert(schema.campsites)
    .values({
      id: campsiteId,
      name: canary(campsiteId, 'Camping'),
      platformCampId: 'DEMO-LAGO-AZZURRO',
      personalizedTags: [{ name: canary(campsiteId, 'Etichetta'), color: '#1c7ed6' }],
      personalizedQuoteTags: [{ name: canary(campsiteId, 'Etichetta'), color: '#f08c00' }],
      openingHours: { baseTime: '08:00', notes: canary(campsiteId), checkin: [{ from: '14:00', to: '20:00' }], checkout: [{ from: '08:00', to: '10:00' }] },
      contacts: { phone: '+39 0461 000000', whatsapp: '', email: canaryEmail(campsiteId), address: canary(campsiteId, 'Via'), policyLink: 'https://vittima.example/privacy' },
      occupancyScale: [{ threshold: 50, color: '#ff0000', label: canary(campsiteId) }],
      localization: { it: { titolo: canary(campsiteId) } },
    })
    .returning();
  const camp = { campingId: campsiteId };

  const passwordHash = await hashPassword(TEST_PASSWORD);
  const adminId = newId();
  const staffId = newId();
  const victimUsers = await db
    .insert(schema.users)
    .values([
      { id: adminId, ...camp, email: canaryEmail(adminId), name: canary(adminId, 'Admin'), passwordHash, isAdmin: true, packLevel: 10, parameters: { firma: canary(adminId) } },
      { id: staffId, ...camp, email: canaryEmail(staffId), name: canary(staffId, 'Staff'), passwordHash, packLevel: 10 },
    ])
    .returning();

  const contactIds = [newId(), newId()];
  const victimContacts = await db
    .insert(schema.contacts)
    .values(
      contactIds.map((id) => ({
        id,
        ...camp,
        ownerId: adminId,
        firstName: canary(id, 'Nome'),
        lastName: canary(id, 'Cognome'),
        email: canaryEmail(id),
        phonePrefix: '+39',
        phone: `3${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`,
        languageId: 1,
        city: canary(id),
        address: canary(id),
        postalCode: '38100',
        notes: canary(id),
        tags: [canary(id)],
        extra: { nota: canary(id) },
      })),
    )
    .returning();
  const [guest, otherGuest] = victimContacts;

  const quoteIds = { open: newId(), draft: newId(), request: newId() };
  const quoteRow = (id: string, progress: 'nuovo' | 'bozza' | 'richiesta', contactId: string) => ({
    id,
    ...camp,
    contactId,
    ownerId: adminId,
    name: canary(id, 'Preventivo'),
    languageId: 1,
    progress,
    validUntil: new Date(Date.now() + 30 * 86_400_000),
    tags: [canary(id)],
    refusalReason: canary(id),
    bookingNumber: canary(id),
    resources: [canary(id)],
  });
  const victimQuotes = await db
    .insert(schema.quotes)
    .values([quoteRow(quoteIds.open, 'nuovo', guest.id), quoteRow(quoteIds.draft, 'bozza', otherGuest.id), quoteRow(quoteIds.request, 'richiesta', otherGuest.id)])
    .returning();
  const cardId = newId();
  const [card] = await db
    .insert(schema.quoteCards)
    .values({
      id: cardId,
      ...camp,
      quoteId: quoteIds.open,
      idx: 0,
      typologyId: 'LA-PZ-STD',
      typologyName: canary(cardId),
      arrival: '2027-07-01',
      departure: '2027-07-08',
      people: [{ personTypeId: 'LA-ADULTO', label: canary(cardId), count: 2 }],
      offerName: canary(cardId),
      priceLines: [{ kind: 'unit', label: canary(cardId), quantity: 7, unitCents: 2400, totalCents: 16800 }],
      subtotalCents: 16800,
      totalCents: 16800,
      text: canary(cardId),
    })
    .returning();
  const eventId = newId();
  await db.insert(schema.quoteProgressEvents).values({ id: eventId, ...camp, quoteId: quoteIds.open, toProgress: 'nuovo', actorKind: 'staff', actorUserId: adminId, note: canary(eventId) });
  const requestId = newId();
  await db.insert(schema.quoteRequests).values({
    id: requestId,
    ...camp,
    quoteId: quoteIds.request,
    contactId: otherGuest.id,
    arrival: '2027-07-01',
    departure: '2027-07-08',
    message: canary(requestId),
    payload: { note: canary(requestId) },
  });
  const attemptId = newId();
  await db.insert(schema.bookingAttempts).values({ id: attemptId, ...camp, quoteId: quoteIds.open, userId: adminId, cardIdx: 0, outcome: 'failed', error: canary(attemptId), request: { note: canary(attemptId) } });

  const listId = newId();
  await db.insert(schema.mailingLists).values({ id: listId, ...camp, name: canary(listId, 'Lista'), description: canary(listId), providerListId: canary(listId) });
  await db.insert(schema.listMemberships).values(victimContacts.map((contact) => ({ ...camp, listId, contactId: contact.id })));

  const templateId = newId();
  await db.insert(schema.templates).values({ id: templateId, ...camp, name: canary(templateId, 'Modello'), html: `<p>${canary(templateId)}</p>`, note: canary(templateId), languageId: 1 });
  const draftId = newId();
  await db.insert(schema.drafts).values({ id: draftId, ...camp, ownerId: adminId, kind: 'mail', title: canary(draftId), payload: { testo: canary(draftId) } });

  const campaignId = newId();
  await db.insert(schema.campaigns).values({
    id: campaignId,
    ...camp,
    listId,
    templateId,
    subject: canary(campaignId),
    html: `<p>${canary(campaignId)}</p>`,
    languageId: 1,
    createdBy: adminId,
    providerCampaignId: canary(campaignId),
    status: 'sent',
    recipientCount: 1,
    sentCount: 1,
    sentAt: new Date(),
  });
  const campaignEventId = newId();
  await db.insert(schema.campaignEvents).values({ id: campaignEventId, ...camp, campaignId, contactId: guest.id, kind: 'click', url: `https://vittima.example/${canary(campaignEventId, 'link').replace(' ', '-')}` });
  await db.insert(schema.newsletterRecipients).values({ ...camp, campaignId, contactId: guest.id, email: guest.email!, firstName: canary(campaignId), lastName: canary(campaignId), batchNo: 1, state: 'sent', lastEvent: 'delivered' });
  await db.insert(schema.newsletterBatches).values({ ...camp, campaignId, batchNo: 1, state: 'sent', size: 1, idempotencyKey: `batch-${run}`, lastError: canary(campaignId) });
  await db.insert(schema.webhookReceipts).values({ webhookId: `msg_${run}`, ...camp, eventType: 'email.delivered' });
  const consentId = newId();
  await db.insert(schema.newsletterConsents).values({ id: consentId, ...camp, contactId: guest.id, listId, email: guest.email!, action: 'confirmed', method: 'form', textShown: canary(consentId), ip: '10.0.0.1', userAgent: canary(consentId) });

  const imageId = newId();
  await db.insert(schema.images).values({ id: imageId, ...camp, fileName: `${canary(imageId).replace(' ', '-')}.png`, mimeType: 'image/png', width: 1, height: 1, byteSize: PNG_1X1.length, data: PNG_1X1, typologyId: 'LA-PZ-STD', category: canary(imageId), alt: canary(imageId) });
  await db.insert(schema.typologyDescriptions).values({ ...camp, typologyId: 'LA-PZ-STD', languageId: 1, html: `<p>${canary(campsiteId)}</p>` });
  await db.insert(schema.typologyCategories).values({ ...camp, typologyId: 'LA-PZ-STD', categories: [canary(campsiteId)] });
  await db.insert(schema.campsiteLanguages).values({ ...camp, languageId: 1, phonePrefix: '+39' });
  await db.insert(schema.labelTranslations).values({ ...camp, source: canary(campsiteId, 'Etichetta'), names: { de: canary(campsiteId), nl: canary(campsiteId) } });
  const configId = newId();
  await db.insert(schema.configurations).values({ id: configId, ...camp, group: 'emailInvioPreventivi', option: { oggetto: canary(configId), testo: canary(configId) } });

  const notificationId = newId();
  await db.insert(schema.notifications).values({ id: notificationId, ...camp, group: 'richiesta', title: canary(notificationId), description: canary(notificationId), quoteId: quoteIds.request, contactId: otherGuest.id });

  const traceId = newId();
  const threadId = newId();
  const referenceId = newId();
  await db.insert(schema.mailTraces).values({
    id: traceId,
    ...camp,
    contactId: guest.id,
    quoteId: quoteIds.open,
    threadId,
    referenceId,
    recipients: [guest.email!],
    subject: canary(traceId),
    body: `<p>${canary(traceId)}</p>`,
    isSent: true,
    providerMessageId: canary(traceId),
    meta: { operatore: canary(traceId) },
    sentAt: new Date(),
  });
  const attachmentId = newId();
  await db.insert(schema.mailAttachments).values({ id: attachmentId, ...camp, mailTraceId: traceId, quoteId: quoteIds.open, fileName: `${canary(attachmentId).replace(' ', '-')}.txt`, mimeType: 'text/plain', byteSize: 20, data: Buffer.from(canary(attachmentId)) });
  const outboxId = newId();
  await db.insert(schema.mailOutbox).values({
    id: outboxId,
    ...camp,
    idempotencyKey: `outbox-${run}`,
    kind: 'quote',
    fromAddress: canaryEmail(outboxId),
    recipients: [guest.email!],
    subject: canary(outboxId),
    html: `<p>${canary(outboxId)}</p>`,
    text: canary(outboxId),
    mailTraceId: traceId,
    status: 'sent',
    lastError: canary(outboxId),
  });

  const questionId = newId();
  await db.insert(schema.quoteQuestions).values({ id: questionId, ...camp, quoteId: quoteIds.open, contactId: guest.id, cardIdx: 0, author: 'guest', body: canary(questionId) });
  const answerId = newId();
  await db.insert(schema.quoteQuestions).values({ id: answerId, ...camp, quoteId: quoteIds.open, contactId: guest.id, questionId, author: 'staff', authorUserId: adminId, body: canary(answerId), mailTraceId: traceId });

  const mailboxId = newId();
  await db.insert(schema.mailboxes).values({ id: mailboxId, ...camp, provider: 'imap', address: canaryEmail(mailboxId), encryptedSecret: encryptSecret(canary(mailboxId)), lastSyncError: canary(mailboxId), boundByUserId: adminId });
  await db.insert(schema.mailboxOauthStates).values({ state: `stato-${run}`, ...camp, userId: adminId, encryptedVerifier: encryptSecret(canary(mailboxId)), redirectUri: 'https://vittima.example/callback' });
  const mailboxThreadId = newId();
  await db.insert(schema.mailboxThreads).values({
    id: mailboxThreadId,
    ...camp,
    mailboxId,
    threadKey: canary(mailboxThreadId),
    subject: canary(mailboxThreadId),
    snippet: canary(mailboxThreadId),
    participants: [guest.email!],
    lastMessageAt: new Date(),
    messageCount: 1,
    unreadCount: 1,
    inInbox: true,
    quoteId: quoteIds.open,
    traceThreadId: threadId,
    searchText: canary(mailboxThreadId),
  });
  await db.insert(schema.mailboxThreadContacts).values({ threadId: mailboxThreadId, contactId: guest.id, ...camp });
  const messageId = newId();
  await db.insert(schema.mailboxMessages).values({
    id: messageId,
    ...camp,
    mailboxId,
    threadId: mailboxThreadId,
    providerMessageId: canary(messageId),
    rfcMessageId: `${run}@vittima.example`,
    fromAddress: guest.email!,
    fromName: canary(messageId),
    toAddresses: [canaryEmail(messageId)],
    subject: canary(messageId),
    snippet: canary(messageId),
    html: `<p>${canary(messageId)}</p>`,
    text: canary(messageId),
    unread: true,
    direction: 'in',
    sentAt: new Date(),
  });

  const auditId = newId();
  await db.insert(schema.auditLog).values({ id: auditId, ...camp, actorUserId: adminId, actorEmail: victimUsers[0].email, action: 'settings.orari', entityId: campsiteId, summary: canary(auditId), after: { nota: canary(auditId) } });
  const sessionId = newId();
  await db.insert(schema.sessions).values({ id: sessionId, ...camp, userId: adminId, kind: 'api', tokenHash: `hash-${run}`, ip: '10.0.0.2', userAgent: canary(sessionId), expiresAt: new Date(Date.now() + 86_400_000) });
  await db.insert(schema.userLogins).values({ ...camp, userId: adminId, method: 'password', ip: '10.0.0.2' });
  await db.insert(schema.loginTokens).values({ ...camp, userId: staffId, tokenHash: `login-${run}`, expiresAt: new Date(Date.now() + 3_600_000) });
  const [update] = await db.insert(schema.productUpdates).values({ title: `Novità ${run}`, html: '<p>Novità</p>', audience: 'selected' }).returning();
  await db.insert(schema.productUpdateTargets).values({ ...camp, updateId: update.id });
  await db.insert(schema.productUpdateViews).values({ ...camp, updateId: update.id, userId: adminId });
  await db.insert(schema.dashboardQuoteDays).values({ ...camp, day: '2027-01-01', progress: 'nuovo', quotes: 1, maxCardCents: 16800, acceptedCardCents: 0 });
  await db.insert(schema.dashboardNationDays).values({ ...camp, day: '2027-01-01', nationId: 0, reached: 1, won: 0 });
  await db.insert(schema.dashboardCountDays).values({ ...camp, kind: 'contatti', day: '2027-01-01', count: 2 });
  await db.insert(schema.dashboardReturningDays).values({ ...camp, day: '2027-01-01', isReturning: true, quotes: 1, won: 1, lastGuests: 1 });
  await db.insert(schema.dashboardRefreshes).values({ ...camp, refreshedAt: new Date() });
  const importId = newId();
  await db.insert(schema.legacyImports).values({ id: importId, ...camp, sourceUrl: `https://vecchio-${run}.example`, status: 'done', error: canary(importId) });
  await db.insert(schema.legacyIdMap).values({ ...camp, kind: 'contatti', oldId: `vecchio-${run}`, newId: guest.id });
  const stayMessageId = newId();
  await db.insert(schema.stayMessages).values({ id: stayMessageId, ...camp, quoteId: quoteIds.open, kind: 'pre_arrival', status: 'skipped', dueOn: '2027-07-01', reason: canary(stayMessageId), actorUserId: adminId });
  const surveyId = newId();
  const surveyToken = `sondaggio-${run}`;
  await db.insert(schema.staySurveys).values({
    id: surveyId,
    ...camp,
    token: surveyToken,
    quoteId: quoteIds.open,
    contactId: guest.id,
    season: 2027,
    typologyName: canary(surveyId),
    score: 3,
    wentWell: canary(surveyId),
    toImprove: canary(surveyId),
    answeredAt: new Date(),
  });
  const followUpId = newId();
  await db.insert(schema.followUps).values({ id: followUpId, ...camp, subject: 'quote', quoteId: quoteIds.open, contactId: guest.id, assigneeId: adminId, createdById: adminId, dueAt: new Date(), note: canary(followUpId) });

  /** Every id of the victim a hostile caller could put in a path or a body. */
  const victimIds: Record<string, string> = {
    campsite: campsiteId,
    stayMessage: stayMessageId,
    survey: surveyId,
    surveyToken,
    followUp: followUpId,
    admin: adminId,
    staff: staffId,
    contact: guest.id,
    otherContact: otherGuest.id,
    quote: quoteIds.open,
    draftQuote: quoteIds.draft,
    requestQuote: quoteIds.request,
    card: card.id,
    progressEvent: eventId,
    request: requestId,
    attempt: attemptId,
    list: listId,
    template: templateId,
    draft: draftId,
    campaign: campaignId,
    campaignEvent: campaignEventId,
    consent: consentId,
    image: imageId,
    config: configId,
    notification: notificationId,
    trace: traceId,
    traceThread: threadId,
    traceReference: referenceId,
    attachment: attachmentId,
    outbox: outboxId,
    mailbox: mailboxId,
    mailboxThread: mailboxThreadId,
    mailboxMessage: messageId,
    question: questionId,
    answer: answerId,
    audit: auditId,
    session: sessionId,
  };

  const attacker = await makeAttacker(db, passwordHash);
  return {
    run,
    victim,
    victimUsers,
    victimContacts,
    victimQuotes,
    victimIds,
    canaries,
    attacker,
    /** The rows a snapshot of the victim covers: its campsite and its users' rows in global tables. */
    victimScope: { campsiteIds: [campsiteId], userIds: [adminId, staffId], names: Object.values(victimIds) },
  };
}

/** The attacker: another campsite's admin with full pack (every role check passes), and one object of each main kind. */
async function makeAttacker(db: Database, passwordHash: string) {
  const tag = randomBytes(5).toString('hex');
  const [campsite] = await db.insert(schema.campsites).values({ name: `Villaggio Pineta ${tag}`, platformCampId: 'DEMO-PINETA' }).returning();
  const camp = { campingId: campsite.id };
  const [user] = await db.insert(schema.users).values({ ...camp, email: `admin-${tag}@pineta.example`, name: 'Pino Pinetti', passwordHash, isAdmin: true, packLevel: 10 }).returning();
  const [contact] = await db.insert(schema.contacts).values({ ...camp, firstName: 'Pino', lastName: 'Ospite', email: `ospite-${tag}@pineta.example`, languageId: 1 }).returning();
  const [quote] = await db.insert(schema.quotes).values({ ...camp, contactId: contact.id, name: 'Vacanza in pineta', progress: 'nuovo', languageId: 1 }).returning();
  const [image] = await db
    .insert(schema.images)
    .values({ ...camp, fileName: 'pineta.png', mimeType: 'image/png', width: 1, height: 1, byteSize: PNG_1X1.length, data: PNG_1X1, typologyId: 'PI-PZ-PINETA' })
    .returning();
  return { campsite, user, contact, quote, image };
}

/** Tenant tables (with camping_id) that hold no row of the campsite: the world must fill every one. */
export async function emptyTenantTables(db: Database, campsiteId: string): Promise<string[]> {
  const tables = rowsOf<{ table_name: string }>(
    await db.execute(sql`select table_name from information_schema.columns where table_schema = 'public' and column_name = 'camping_id' order by table_name`),
  ).map((row) => row.table_name);
  const empty: string[] = [];
  for (const table of tables) {
    const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from ${sql.identifier(table)} where camping_id = ${campsiteId}`));
    if (!row || row.n === 0) empty.push(table);
  }
  return empty;
}

/**
 * A reader of every row of a campsite, as text, by table: tenant tables by camping_id, the
 * campsite itself, and global tables by the campsite's users. Tables come from the catalogue
 * (read once, when the reader is made), so a table added later is covered. Unlike a hash it tells
 * which rows were added and which changed or went.
 */
export async function campsiteRowsReader(db: Database, scope: { campsiteId: string; userIds: string[] }): Promise<() => Promise<Map<string, string[]>>> {
  const columns = rowsOf<{ table_name: string; column_name: string }>(
    await db.execute(sql`select c.table_name, c.column_name from information_schema.columns c join information_schema.tables t
      on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE'`),
  );
  const byTable = new Map<string, string[]>();
  for (const { table_name, column_name } of columns) byTable.set(table_name, [...(byTable.get(table_name) ?? []), column_name]);
  const userIds = sql`ARRAY[${sql.join(scope.userIds.map((id) => sql`${id}`), sql`, `)}]::text[]`;
  const parts = [...byTable.entries()].flatMap(([table, cols]) => {
    const userColumns = cols.filter((col) => /(^|_)user_id$/.test(col));
    let where;
    if (table === 'campsites') where = sql`x.id = ${scope.campsiteId}`;
    else if (cols.includes('camping_id')) where = sql`x.camping_id = ${scope.campsiteId}`;
    else if (userColumns.length > 0) where = sql.join(userColumns.map((col) => sql`x.${sql.identifier(col)} = any(${userIds})`), sql` or `);
    else return [];
    return [sql`select ${table}::text as t, x::text as r from ${sql.identifier(table)} x where ${where}`];
  });
  const query = sql.join(parts, sql` union all `);
  return async () => {
    const result = new Map<string, string[]>();
    for (const { t, r } of rowsOf<{ t: string; r: string }>(await db.execute(query))) result.set(t, [...(result.get(t) ?? []), r]);
    for (const list of result.values()) list.sort();
    return result;
  };
}
/** What changed between two readings: rows that appeared, and rows that changed or went (by table). */
export function rowChanges(before: Map<string, string[]>, after: Map<string, string[]>) {
  const added: string[] = [];
  const removed: string[] = [];
  for (const table of new Set([...before.keys(), ...after.keys()])) {
    const old = new Set(before.get(table) ?? []);
    const now = new Set(after.get(table) ?? []);
    for (const row of now) if (!old.has(row)) added.push(`${table}: ${row.slice(0, 160)}`);
    for (const row of old) if (!now.has(row)) removed.push(`${table}: ${row.slice(0, 160)}`);
  }
  return { added, removed };
}
