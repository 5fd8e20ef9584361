import { cache } from 'react';
import { getContactDetail } from '@/lib/contacts/detail';
import { getContact } from '@/lib/contacts/service';
import { staffPage } from '@/lib/context/staff';
import { AppError } from '@/lib/errors';

async function orNull<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof AppError && error.kind === 'not_found') return null;
    throw error;
  }
}

/**
 * Once per request (metadata and page share it): the contact and its quotes, lists and mails,
 * or null for an unknown id or another campsite's (the page then answers 404).
 */
export const findContactDetail = cache(async (id: string) => {
  const { tenant, run } = await staffPage();
  return { tenant, detail: await orNull(() => run((ctx) => getContactDetail(ctx, id))) };
});

/** The contact alone, for the edit form. */
export const findContact = cache(async (id: string) => {
  const { tenant, run } = await staffPage();
  return { tenant, contact: await orNull(() => run((ctx) => getContact(ctx, id))) };
});
