import type { StaffCtx } from '@/lib/context/unit-of-work';
import { encryptSecret } from '@/lib/crypto/secret-box';
import { forbidden } from '@/lib/errors';
import { z } from '@/lib/validation';
import { saveCampsitePatch } from './settings';
import { writeCampsiteScope, type CampsiteRow } from './settings-scope';
import { identitySchema, tagsSchema } from './settings-validation';

const OPERATOR_FIELDS = ['name', 'lucee', 'platformCampId'] as const;

/** A masked value sent back ("impostata (…1234)") means "unchanged", never a new key. */
const secretValue = z
  .string('Chiave: un testo')
  .trim()
  .max(500, 'Chiave: al massimo 500 caratteri')
  .nullable()
  .optional()
  .transform((value) => (typeof value === 'string' && value.startsWith('impostata') ? undefined : value));

export const campsiteRecordSchema = identitySchema.extend({
  personalizedTags: tagsSchema.shape.personalizedTags.optional(),
  personalizedQuoteTags: tagsSchema.shape.personalizedQuoteTags.optional(),
  mailjetApiKey: secretValue,
  mailjetSecret: secretValue,
});

type Patch = Partial<CampsiteRow>;

/**
 * Several parts of the record in one change (the legacy /editCamping, and the Generale tab):
 * urlToCV, scontoSoloSuUnita, tags and mailing keys are the campsite admin's; name, lucee and
 * the platform id only the operator changes (sending them unchanged, as a legacy client sending
 * the whole record back does, is fine). Keys are stored encrypted; '' or null removes one.
 */
export async function updateCampsiteRecord(ctx: StaffCtx, campsiteId: string | null | undefined, input: z.input<typeof campsiteRecordSchema>): Promise<CampsiteRow> {
  const id = writeCampsiteScope(ctx.tenant, campsiteId);
  const { mailjetApiKey, mailjetSecret, ...rest } = campsiteRecordSchema.parse(input);
  const patch = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined)) as Patch;
  if (mailjetApiKey !== undefined) patch.mailjetApiKey = mailjetApiKey ? encryptSecret(mailjetApiKey) : null;
  if (mailjetSecret !== undefined) patch.mailjetSecret = mailjetSecret ? encryptSecret(mailjetSecret) : null;
  return saveCampsitePatch(
    ctx,
    id,
    (current) => {
      const touched = OPERATOR_FIELDS.filter((key) => key in patch && patch[key] !== current[key]);
      if (touched.length && !ctx.tenant.isOperator) throw forbidden('Nome, variante lucee e id sulla piattaforma li modifica solo l’operatore del fornitore.');
      return patch;
    },
    { action: 'campsite.settings.record', summary: 'Dati del campeggio modificati' },
  );
}

/** The record's own fields (Generale tab); see updateCampsiteRecord above for who changes what. */
export async function updateIdentity(ctx: StaffCtx, campsiteId: string | null | undefined, input: z.input<typeof identitySchema>) {
  return updateCampsiteRecord(ctx, campsiteId, identitySchema.parse(input));
}
