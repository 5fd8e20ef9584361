import { sql } from 'drizzle-orm';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import { newId } from '@/lib/ids';

/**
 * A guest who leaves through a newsletter's link (the page, or the mail client's one-click)
 * counts as an unsubscribe of the newest newsletter that reached them, within 30 days; leaving
 * twice for the same newsletter counts once.
 */
export async function recordUnsubscribeEvent({ db, campsiteId }: CampsiteCtx, { contactId }: { contactId: string }): Promise<void> {
  await db.execute(sql`
    insert into campaign_events (id, camping_id, campaign_id, contact_id, kind, provider_message_id)
    select ${newId()}, r.camping_id, r.campaign_id, r.contact_id, 'unsub', r.provider_message_id
    from newsletter_recipients r
    where r.camping_id = ${campsiteId} and r.contact_id = ${contactId} and r.state = 'sent' and r.updated_at > now() - interval '30 days'
      and not exists (select 1 from campaign_events e where e.campaign_id = r.campaign_id and e.contact_id = r.contact_id and e.kind = 'unsub')
    order by r.updated_at desc
    limit 1`);
}
