'use server';

import { CONTACT_MAILS_PAGE, toTimelineRows } from '@/lib/mailbox/timeline-rows';
import { staffAction } from '@/lib/actions';
import { contactMailTimeline } from '@/lib/mailbox/timeline';
import { z } from '@/lib/validation';

/** "Mostra altre" in the contact's mail history: the next page after the cursor. */
export const loadContactMailsAction = staffAction(z.object({ contactId: z.string().min(1).max(64), cursor: z.string().min(1).max(500) }), async (ctx, input) =>
  toTimelineRows(await contactMailTimeline(ctx, { contactId: input.contactId, cursor: input.cursor, limit: CONTACT_MAILS_PAGE })),
);
