import { notFound } from 'next/navigation';
import { getDb } from '@/db/client';
import { campsiteContext } from '@/lib/context/unit-of-work';
import { AppError } from '@/lib/errors';
import { getSubscription, type RecipientIds, type Subscription } from './subscription';

/** The subscription an unsubscribe address names, or the 404 page. */
export async function subscriptionOr404(ids: RecipientIds, onMissing?: () => Promise<void>): Promise<Subscription> {
  // A render only reads: the guest's campsite, on the handle the page has always read with.
  return getSubscription(campsiteContext({ kind: 'guest', campsiteId: ids.campsiteId }, getDb()), ids).catch(async (error) => {
    if (error instanceof AppError && error.kind === 'not_found') {
      await onMissing?.();
      notFound();
    }
    throw error;
  });
}
