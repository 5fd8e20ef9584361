'use server';

import { revalidatePath } from 'next/cache';
import { staffAction } from '@/lib/actions';
import { getBookingPlatform } from '@/lib/booking-platform';
import { reproposeLastStay } from '@/lib/quotes/repropose';
import { z } from '@/lib/validation';

const id = z.string().trim().min(1, 'Manca il cliente').max(100);

/** "Riproponi l'anno scorso" on a request's preview (with its quote) or on a contact's page (a new draft). */
export const reproposeLastStayAction = staffAction(z.object({ contactId: id, quoteId: id.nullish() }), async (ctx, input) => {
  const result = await reproposeLastStay(ctx, getBookingPlatform(), input);
  revalidatePath('/richieste');
  revalidatePath('/preventivi');
  return result;
});
