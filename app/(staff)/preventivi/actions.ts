'use server';

import { revalidatePath } from 'next/cache';
import { staffAction } from '@/lib/actions';
import { getBookingPlatform } from '@/lib/booking-platform';
import { createContact, listContacts } from '@/lib/contacts/service';
import { contactInputSchema } from '@/lib/contacts/validation';
import { bookQuote, checkAvailability, markNotConverted } from '@/lib/quotes/booking';
import { refuseQuote } from '@/lib/quotes/requests';
import { acceptForGuest, createQuote, deleteQuote, reopenQuote, updateQuote } from '@/lib/quotes/service';
import { quoteInputSchema } from '@/lib/quotes/validation';
import { z } from '@/lib/validation';

const quoteId = z.string().trim().min(1).max(100);

export const saveQuoteAction = staffAction(z.object({ quoteId: quoteId.nullish(), input: quoteInputSchema }), async (ctx, { quoteId: id, input }) => {
  const platform = getBookingPlatform();
  const quote = id ? await updateQuote(ctx, id, input, platform) : await createQuote(ctx, input, platform);
  revalidatePath('/preventivi');
  return { id: quote.id, contactId: quote.contactId };
});

export const searchContactsAction = staffAction(z.object({ search: z.string().trim().max(100) }), async (ctx, { search }) => {
  const page = await listContacts(ctx, { search, limit: 8 });
  return page.items.map((contact) => ({
    id: contact.id,
    firstName: contact.firstName,
    lastName: contact.lastName,
    email: contact.email,
    languageId: contact.languageId,
  }));
});

export const createContactForQuoteAction = staffAction(contactInputSchema, async (ctx, input) => {
  const contact = await createContact(ctx, input);
  return { id: contact.id, firstName: contact.firstName, lastName: contact.lastName, email: contact.email, languageId: contact.languageId };
});

export const deleteQuoteAction = staffAction(z.object({ quoteId }), async (ctx, input) => {
  await deleteQuote(ctx, input.quoteId);
  revalidatePath('/preventivi');
  return null;
});

const reason = z.string().trim().min(1, 'Indica il motivo').max(1000, 'Motivo troppo lungo');

export const refuseQuoteAction = staffAction(z.object({ quoteId, reason }), async (ctx, input) => {
  await refuseQuote(ctx, input.quoteId, input.reason);
  revalidatePath('/preventivi');
  return null;
});

export const acceptForGuestAction = staffAction(z.object({ quoteId, cardIdx: z.coerce.number().int().min(0) }), async (ctx, input) => {
  await acceptForGuest(ctx, input.quoteId, input.cardIdx);
  return null;
});

export const reopenQuoteAction = staffAction(z.object({ quoteId }), async (ctx, input) => {
  await reopenQuote(ctx, input.quoteId);
  return null;
});

export const markNotConvertedAction = staffAction(z.object({ quoteId, note: z.string().trim().max(1000).optional() }), async (ctx, input) => {
  await markNotConverted(ctx, input.quoteId, input.note || null);
  return null;
});

export const availabilityAction = staffAction(z.object({ quoteId, cardIdx: z.coerce.number().int().min(0) }), (ctx, input) =>
  checkAvailability(ctx, getBookingPlatform(), input.quoteId, input.cardIdx),
);

export const bookQuoteAction = staffAction(
  z.object({ quoteId, cardIdx: z.coerce.number().int().min(0), resourceIds: z.array(z.string().trim().min(1)).min(1, 'Scegli l’unità').max(10) }),
  async (ctx, input) => {
    const quote = await bookQuote(ctx, getBookingPlatform(), input.quoteId, { cardIdx: input.cardIdx, resourceIds: input.resourceIds });
    revalidatePath('/preventivi');
    return { bookingNumber: quote.bookingNumber, bookingYear: quote.bookingYear };
  },
);
