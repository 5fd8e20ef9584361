import type { campsites } from '@/db/schema';
import { z } from '@/lib/validation';

type CampsiteRow = typeof campsites.$inferSelect;

const tagSchema = z.object({ name: z.string(), color: z.string() });

export const legacyCampsiteSchema = z.object({
  _id: z.string(),
  name: z.string(),
  lucee: z.boolean(),
  MailjetAPI: z.string().nullable(),
  MailjetSecret: z.string().nullable().describe('mascherato: indica solo se è impostato'),
  MonthlyEmailSent: z.number(),
  urlToCV: z.string(),
  personalizedTags: z.array(tagSchema),
  personalizedQuoteTags: z.array(tagSchema),
  scontoSoloSuUnita: z.boolean(),
  date_creation: z.string(),
  __v: z.number(),
});

export const NOT_DEFINED = 'NON DEFINITO';

/** The mailing-provider secret never leaves the server: the legacy field only says whether it is set. */
export function toLegacyCampsite(row: CampsiteRow): z.infer<typeof legacyCampsiteSchema> {
  return {
    _id: row.id,
    name: row.name,
    lucee: row.lucee,
    MailjetAPI: row.mailjetApiKey,
    MailjetSecret: row.mailjetSecret ? '********' : null,
    MonthlyEmailSent: row.monthlyEmailSent,
    urlToCV: row.urlToCv || NOT_DEFINED,
    personalizedTags: row.personalizedTags,
    personalizedQuoteTags: row.personalizedQuoteTags,
    scontoSoloSuUnita: row.discountOnlyOnUnit,
    date_creation: row.createdAt.toISOString(),
    __v: row.version,
  };
}
