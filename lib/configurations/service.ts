import { and, asc, eq } from 'drizzle-orm';
import type { Database, DbOrTx } from '@/db/client';
import { configurations } from '@/db/schema';
import { changedKeys, recordAudit } from '@/lib/audit/service';
import { readCampsiteScope, writeCampsiteScope, type SettingsActor } from '@/lib/campsites/settings-scope';
import { AppError } from '@/lib/errors';
import type { z } from '@/lib/validation';
import { configPatchSchema, newConfigSchema, QUOTE_SENDER_GROUP, quoteSenderSchema, type QuoteSender } from './validation';

export type ConfigurationRow = typeof configurations.$inferSelect;

/** A campsite has a handful of groups; the cap keeps an answer bounded whatever is stored. */
const MAX_CONFIGURATIONS = 500;

const notFound = () => new AppError('not_found', 'Configurazione non trovata.');

/** The campsite's configurations, optionally of one group; every user reads their own campsite's. */
export async function listConfigurations(db: DbOrTx, tenant: SettingsActor, options: { group?: string; campsiteId?: string | null } = {}): Promise<ConfigurationRow[]> {
  const id = readCampsiteScope(tenant, options.campsiteId);
  return db
    .select()
    .from(configurations)
    .where(and(eq(configurations.campingId, id), options.group ? eq(configurations.group, options.group) : undefined))
    .orderBy(asc(configurations.group), asc(configurations.createdAt), asc(configurations.id))
    .limit(MAX_CONFIGURATIONS);
}

const snapshot = (row: Pick<ConfigurationRow, 'group' | 'option'>) => ({ group: row.group, option: row.option });

export async function addConfiguration(db: Database, tenant: SettingsActor, input: z.input<typeof newConfigSchema>, campsiteId?: string | null): Promise<ConfigurationRow> {
  const id = writeCampsiteScope(tenant, campsiteId);
  const values = newConfigSchema.parse(input);
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(configurations).values({ campingId: id, ...values }).returning();
    await recordAudit(tx, tenant, { campsiteId: id, action: 'configuration.add', entityId: row.id, summary: `Configurazione «${row.group}» aggiunta`, after: snapshot(row) });
    return row;
  });
}

/** Only the campsite's own rows: another campsite's configuration id is a 404 like an unknown one. */
async function lockOwn(tx: DbOrTx, campsiteId: string, configId: string): Promise<ConfigurationRow> {
  const [row] = await tx
    .select()
    .from(configurations)
    .where(and(eq(configurations.id, configId), eq(configurations.campingId, campsiteId)))
    .for('update');
  if (!row) throw notFound();
  return row;
}

export async function editConfiguration(db: Database, tenant: SettingsActor, configId: string, input: z.input<typeof configPatchSchema>): Promise<ConfigurationRow> {
  const id = writeCampsiteScope(tenant);
  const patch = configPatchSchema.parse(input);
  return db.transaction(async (tx) => {
    const current = await lockOwn(tx, id, configId);
    const next = { group: patch.group ?? current.group, option: patch.option ?? current.option };
    const diff = changedKeys(snapshot(current), next);
    if (Object.keys(diff.after).length === 0) return current;
    const [row] = await tx
      .update(configurations)
      .set({ ...next, version: current.version + 1 })
      .where(and(eq(configurations.id, configId), eq(configurations.campingId, id)))
      .returning();
    await recordAudit(tx, tenant, { campsiteId: id, action: 'configuration.edit', entityId: configId, summary: `Configurazione «${row.group}» modificata`, ...diff });
    return row;
  });
}

export async function deleteConfiguration(db: Database, tenant: SettingsActor, configId: string): Promise<ConfigurationRow> {
  const id = writeCampsiteScope(tenant);
  return db.transaction(async (tx) => {
    const current = await lockOwn(tx, id, configId);
    await tx.delete(configurations).where(and(eq(configurations.id, configId), eq(configurations.campingId, id)));
    await recordAudit(tx, tenant, { campsiteId: id, action: 'configuration.delete', entityId: configId, summary: `Configurazione «${current.group}» eliminata`, before: snapshot(current) });
    return current;
  });
}

export const EMPTY_QUOTE_SENDER: QuoteSender = { mittente: '', replyTo: '', oggetto: '' };

/** The quote-sending mail settings: the first row of the group, read leniently (legacy rows may hold anything). */
export async function getQuoteSender(db: DbOrTx, tenant: SettingsActor): Promise<QuoteSender> {
  return readQuoteSender(db, readCampsiteScope(tenant));
}

/** The same settings for a service that already holds its campsite (sending a quote, a reminder). */
export async function readQuoteSender(db: DbOrTx, campsiteId: string): Promise<QuoteSender> {
  const [row] = await db
    .select({ option: configurations.option })
    .from(configurations)
    .where(and(eq(configurations.campingId, campsiteId), eq(configurations.group, QUOTE_SENDER_GROUP)))
    .orderBy(asc(configurations.createdAt), asc(configurations.id))
    .limit(1);
  const option: Record<string, unknown> = row?.option ?? {};
  const read = (key: keyof QuoteSender) => (typeof option[key] === 'string' ? (option[key] as string) : '');
  return { mittente: read('mittente'), replyTo: read('replyTo'), oggetto: read('oggetto') };
}

/** Saves the group's first row (created when missing), keeping any other option the row holds. */
export async function saveQuoteSender(db: Database, tenant: SettingsActor, input: z.input<typeof quoteSenderSchema>): Promise<QuoteSender> {
  const id = writeCampsiteScope(tenant);
  const sender = quoteSenderSchema.parse(input);
  const [row] = await listConfigurations(db, tenant, { group: QUOTE_SENDER_GROUP });
  if (row) await editConfiguration(db, tenant, row.id, { option: { ...row.option, ...sender } });
  else await addConfiguration(db, tenant, { group: QUOTE_SENDER_GROUP, option: sender }, id);
  return sender;
}
