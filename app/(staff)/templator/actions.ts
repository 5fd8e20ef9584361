'use server';

import { staffAction } from '@/lib/actions';
import { contactDisplayName } from '@/lib/contacts/display';
import { listContacts } from '@/lib/contacts/search';
import { publicOrigin } from '@/lib/mail/origin';
import { imageIdsIn } from '@/lib/templates/images';
import { fillPlaceholders } from '@/lib/templates/placeholders';
import { latestQuoteIdOf, placeholderValuesFor } from '@/lib/templates/preview';
import { createTemplate, updateTemplate } from '@/lib/templates/service';
import { previewRequestSchema, templateSaveSchema } from '@/lib/templates/validation';
import { z } from '@/lib/validation';

/** Creates or saves (with the version the editor loaded); the image list comes from the HTML itself. */
export const saveTemplateAction = staffAction(templateSaveSchema, async (ctx, input) => {
  const template = { ...input.template, imageIds: imageIdsIn(input.template.html) };
  const saved = input.id ? await updateTemplate(ctx, input.id, template, input.version) : await createTemplate(ctx, template);
  return { id: saved.id, version: saved.version };
});

/**
 * The HTML being edited (saved or not) filled with a real guest's data and their newest quote,
 * exactly as a mail would be; the page shows it in a sandboxed frame.
 */
export const previewTemplateAction = staffAction(previewRequestSchema, async (ctx, input) => {
  const quoteId = await latestQuoteIdOf(ctx, input.contactId);
  const values = await placeholderValuesFor(ctx, { contactId: input.contactId, quoteId }, await publicOrigin());
  return { html: fillPlaceholders(input.html, values), quoteName: quoteId ? values.nomePreventivo || '—' : null };
});

/** Contacts for the preview's searchable select: the list's own indexed search, 20 at most. */
export const searchPreviewContactsAction = staffAction(z.object({ search: z.string().trim().max(200) }), async (ctx, input) => {
  const page = await listContacts(ctx, { search: input.search, limit: 20 });
  return page.items.map((contact) => {
    const name = contactDisplayName(contact);
    return { value: contact.id, label: contact.email && contact.email !== name ? `${name} — ${contact.email}` : name };
  });
});
