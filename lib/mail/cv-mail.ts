import { hasVisibleText } from '@/lib/html/text';
import { readCvMailSettings } from '@/lib/configurations/cv-mail-settings';
import type { StaffCtx } from '@/lib/context/unit-of-work';
import { addressList, htmlText, optionalId, subjectText } from '@/lib/vocabulary/mail-fields';
import { z } from '@/lib/validation';
import { sendStaffMail, type SentStaffMail } from './staff-mail';

/** The compose form of /emailCV and /clientMailCV: the same limits as /sendMailCV. */
export const cvMailSchema = z.object({
  to: addressList.refine((list) => list.length > 0, 'Indica almeno un destinatario.'),
  subject: subjectText.min(1, 'L’oggetto dell’e-mail è vuoto.'),
  html: htmlText.refine(hasVisibleText, 'Il testo dell’e-mail è vuoto.'),
  contactId: optionalId('Cliente'),
  quoteId: optionalId('Preventivo'),
});
export type CvMailInput = z.input<typeof cvMailSchema>;

/** The signature goes once at the end: a body that already ends with it (pasted, or sent again) keeps one. */
export function withSignature(html: string, signature: string): string {
  const sign = signature.trim();
  if (!sign || html.trimEnd().endsWith(sign)) return html;
  return `${html}<br>${sign}`;
}

/**
 * Sends as /sendMailCV does: a 'cv' mail traced with tag 'emailCV', the address in meta.emailCV
 * and the operator's e-mail; the campsite's CV settings add the signature and the sender name.
 */
export async function sendCvMail(ctx: StaffCtx, input: z.output<typeof cvMailSchema>): Promise<SentStaffMail> {
  const settings = await readCvMailSettings(ctx);
  return sendStaffMail(ctx, 'cv', {
    to: input.to,
    subject: input.subject,
    html: withSignature(input.html, settings.firma),
    contactId: input.contactId ?? null,
    quoteId: input.quoteId ?? null,
    senderName: settings.mittente || null,
    meta: { operatore: ctx.tenant.email, tag: 'emailCV', emailCV: input.to[0], ...(input.contactId ? { cliente: input.contactId } : {}) },
  });
}
