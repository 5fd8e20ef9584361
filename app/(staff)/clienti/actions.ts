'use server';

import { importContacts } from '@/lib/contacts/import';
import { createContact, deleteContact, updateContact } from '@/lib/contacts/service';
import { contactIdSchema, contactInputSchema, importRequestSchema } from '@/lib/contacts/validation';
import { staffAction } from '@/lib/actions';
import { AppError } from '@/lib/errors';
import { z } from '@/lib/validation';

/** A duplicate e-mail is an answer the form shows with a link to the contact that has it. */
export type SaveOutcome = { id: string } | { duplicate: { message: string; contactId: string } };

async function orDuplicate(save: () => Promise<{ id: string }>): Promise<SaveOutcome> {
  try {
    return { id: (await save()).id };
  } catch (error) {
    const existing = error instanceof AppError && error.kind === 'conflict' ? error.details?.existingContactId : undefined;
    if (typeof existing === 'string') return { duplicate: { message: error instanceof Error ? error.message : '', contactId: existing } };
    throw error;
  }
}

export const createContactAction = staffAction(contactInputSchema, async (ctx, input) =>
  orDuplicate(() => createContact(ctx, input, { source: 'staff' })),
);

export const updateContactAction = staffAction(z.object({ id: contactIdSchema, contact: contactInputSchema }), async (ctx, input) =>
  orDuplicate(() => updateContact(ctx, input.id, input.contact)),
);

export const deleteContactAction = staffAction(z.object({ id: contactIdSchema }), async (ctx, input) => {
  await deleteContact(ctx, input.id);
  return { id: input.id };
});

export const importContactsAction = staffAction(importRequestSchema, async (ctx, input) => importContacts(ctx, input));
