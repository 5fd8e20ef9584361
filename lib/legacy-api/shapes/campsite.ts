import type { campsites } from '@/db/schema';
import { mailsSentThisMonth } from '@/lib/campsites/monthly-mail-count';
import { maskSecret } from '@/lib/crypto/secret-box';
import { z } from '@/lib/validation';

type CampsiteRow = typeof campsites.$inferSelect;

const tagSchema = z.object({ name: z.string(), color: z.string() });

export const legacyCampsiteSchema = z.object({
  _id: z.string(),
  name: z.string(),
  lucee: z.boolean(),
  MailjetAPI: z.string().nullable().describe('mascherata: «impostata» e le ultime 4 cifre'),
  MailjetSecret: z.string().nullable().describe('mascherato: «impostata» e le ultime 4 cifre'),
  MonthlyEmailSent: z.number(),
  urlToCV: z.string(),
  personalizedTags: z.array(tagSchema),
  personalizedQuoteTags: z.array(tagSchema),
  scontoSoloSuUnita: z.boolean(),
  date_creation: z.string(),
  __v: z.number(),
});

export const NOT_DEFINED = 'NON DEFINITO';

/** The mailing provider's key and secret never leave the server: the fields say they are set and end in …. */
export function toLegacyCampsite(row: CampsiteRow): z.infer<typeof legacyCampsiteSchema> {
  return {
    _id: row.id,
    name: row.name,
    lucee: row.lucee,
    MailjetAPI: maskSecret(row.mailjetApiKey),
    MailjetSecret: maskSecret(row.mailjetSecret),
    MonthlyEmailSent: mailsSentThisMonth(row),
    urlToCV: row.urlToCv || NOT_DEFINED,
    personalizedTags: row.personalizedTags,
    personalizedQuoteTags: row.personalizedQuoteTags,
    scontoSoloSuUnita: row.discountOnlyOnUnit,
    date_creation: row.createdAt.toISOString(),
    __v: row.version,
  };
}
