import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { configurations } from '@/db/schema';
import { changedKeys, recordAudit } from '@/lib/audit/service';
import { readCampsiteScope, writeCampsiteScope } from '@/lib/campsites/settings-scope';
import type { CampsiteCtx, StaffCtx } from '@/lib/context/unit-of-work';
import { AppError } from '@/lib/errors';
import type { z } from '@/lib/validation';
import { configPatchSchema, newConfigSchema, QUOTE_SENDER_GROUP, quoteSenderSchema, type QuoteSender } from './validation';

export type ConfigurationRow = typeof configurations.$inferSelect;

/** A campsite has a handful of groups; the cap keeps an answer bounded whatever is stored. */
const MAX_CONFIGURATIONS = 500;

const notFound = () => new AppError('not_found', 'Configurazione non trovata.');

/** The campsite's configurations, optionally of one group; every user reads their own campsite's. */
export async function listConfigurations(ctx: StaffCtx, options: { group?: string; campsiteId?: string | null } = {}): Promise<ConfigurationRow[]> {
  const id = readCampsiteScope(ctx.tenant, options.campsiteId);
  return ctx.db
    .select()
    .from(configurations)
    .where(and(eq(configurations.campingId, id), options.group ? eq(configurations.group, options.group) : undefined))
    .orderBy(asc(configurations.group), asc(configurations.createdAt), asc(configurations.id))
    .limit(MAX_CONFIGURATIONS);
}

const snapshot = (row: Pick<ConfigurationRow, 'group' | 'option'>) => ({ group: row.group, option: row.option });

export async function addConfiguration(ctx: StaffCtx, input: z.input<typeof newConfigSchema>, campsiteId?: string | null): Promise<ConfigurationRow> {
  const id = writeCampsiteScope(ctx.tenant, campsiteId);
  const values = newConfigSchema.parse(input);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.insert(configurations).values({ campingId: id, ...values }).returning();
    await recordAudit({ ...ctx, db: tx }, { campsiteId: id, action: 'configuration.add', entityId: row.id, summary: `Configurazione «${row.group}» aggiunta`, after: snapshot(row) });
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

export async function editConfiguration(ctx: StaffCtx, configId: string, input: z.input<typeof configPatchSchema>): Promise<ConfigurationRow> {
  const id = writeCampsiteScope(ctx.tenant);
  const patch = configPatchSchema.parse(input);
  return ctx.db.transaction(async (tx) => {
    const current = await lockOwn(tx, id, configId);
    const next = { group: patch.group ?? current.group, option: patch.option ?? current.option };
    const diff = changedKeys(snapshot(current), next);
    if (Object.keys(diff.after).length === 0) return current;
    const [row] = await tx
      .update(configurations)
      .set({ ...next, version: current.version + 1 })
      .where(and(eq(configurations.id, configId), eq(configurations.campingId, id)))
      .returning();
    await recordAudit({ ...ctx, db: tx }, { campsiteId: id, action: 'configuration.edit', entityId: configId, summary: `Configurazione «${row.group}» modificata`, ...diff });
    return row;
  });
}

export async function deleteConfiguration(ctx: StaffCtx, configId: string): Promise<ConfigurationRow> {
  const id = writeCampsiteScope(ctx.tenant);
  return ctx.db.transaction(async (tx) => {
    const current = await lockOwn(tx, id, configId);
    await tx.delete(configurations).where(and(eq(configurations.id, configId), eq(configurations.campingId, id)));
    await recordAudit({ ...ctx, db: tx }, { campsiteId: id, action: 'configuration.delete', entityId: configId, summary: `Configurazione «${current.group}» eliminata`, before: snapshot(current) });
    return current;
  });
}

export const EMPTY_QUOTE_SENDER: QuoteSender = { mittente: '', replyTo: '', oggetto: '' };

/** The quote-sending mail settings: the first row of the group, read leniently (legacy rows may hold anything). */
export async function getQuoteSender(ctx: StaffCtx): Promise<QuoteSender> {
  return readQuoteSender(ctx);
}

/** The same settings for a service that already holds its campsite (sending a quote, a reminder). */
export async function readQuoteSender(ctx: CampsiteCtx): Promise<QuoteSender> {
  const [row] = await ctx.db
    .select({ option: configurations.option })
    .from(configurations)
    .where(and(eq(configurations.campingId, ctx.campsiteId), eq(configurations.group, QUOTE_SENDER_GROUP)))
    .orderBy(asc(configurations.createdAt), asc(configurations.id))
    .limit(1);
  const option: Record<string, unknown> = row?.option ?? {};
  const read = (key: keyof QuoteSender) => (typeof option[key] === 'string' ? (option[key] as string) : '');
  return { mittente: read('mittente'), replyTo: read('replyTo'), oggetto: read('oggetto') };
}

/** Saves the group's first row (created when missing), keeping any other option the row holds. */
export async function saveQuoteSender(ctx: StaffCtx, input: z.input<typeof quoteSenderSchema>): Promise<QuoteSender> {
  const id = writeCampsiteScope(ctx.tenant);
  const sender = quoteSenderSchema.parse(input);
  const [row] = await listConfigurations(ctx, { group: QUOTE_SENDER_GROUP });
  if (row) await editConfiguration(ctx, row.id, { option: { ...row.option, ...sender } });
  else await addConfiguration(ctx, { group: QUOTE_SENDER_GROUP, option: sender }, id);
  return sender;
}
