import { eq } from 'drizzle-orm';
import { campsites, languages } from '@/db/schema';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import { findMailboxRow } from '@/lib/mailbox/mailbox-row';
import type { QuoteDetail } from '@/lib/quotes/detail';
import { chooseTemplate, templatesForLanguage } from '@/lib/templates/service';
import { SENDABLE } from './quote-mail';

/** A template the staff may send the quote with; the guest's language first in the dialog. */
export type QuoteMailTemplate = { id: string; name: string; language: string | null; guestLanguage: boolean; isReminder: boolean };

export type QuoteMailPanelData = {
  templates: QuoteMailTemplate[];
  /**
   * The template the dialog opens with: the guest's language, else for a foreign guest English,
   * never another language (lib/templates/selection.ts). Null: none fits, the staff choose.
   */
  suggestedTemplateId: string | null;
  /** The guest's language as named in the reference table ('Nederlands'); null when the guest has none. */
  guestLanguageName: string | null;
  reminderDays: number;
  /** The campsite's own mailbox is bound and active: the quote leaves from it, even where the product has no Resend key. */
  sendsFromMailbox: boolean;
};

/** What the quote preview's mail panel shows; null while the quote may not be sent. */
export async function loadQuoteMailPanel(ctx: CampsiteCtx, detail: QuoteDetail): Promise<QuoteMailPanelData | null> {
  const { db, campsiteId } = ctx;
  const { quote, contact } = detail;
  if (!(SENDABLE as readonly string[]).includes(quote.progress)) return null;
  const guestLanguage = quote.languageId ?? contact.languageId;
  const [templates, languageRows, [campsite], mailbox] = await Promise.all([
    templatesForLanguage(ctx, guestLanguage),
    db.select({ id: languages.id, name: languages.name }).from(languages),
    db.select({ reminderDays: campsites.reminderDays }).from(campsites).where(eq(campsites.id, campsiteId)),
    findMailboxRow(ctx),
  ]);
  const languageName = new Map(languageRows.map((row) => [row.id, row.name]));
  return {
    templates: templates.map((template) => ({
      id: template.id,
      name: template.name,
      language: template.languageId ? (languageName.get(template.languageId) ?? null) : null,
      guestLanguage: template.languageId === guestLanguage,
      isReminder: template.isReminder,
    })),
    suggestedTemplateId: chooseTemplate(templates, guestLanguage, 'quote')?.id ?? null,
    guestLanguageName: guestLanguage ? (languageName.get(guestLanguage) ?? null) : null,
    reminderDays: campsite?.reminderDays ?? 3,
    sendsFromMailbox: mailbox?.status === 'active',
  };
}
