import { recordUnsubscribeEvent } from '@/lib/campaigns/unsubscribe-event';
import { campsiteContext } from '@/lib/context/unit-of-work';
import { logConsentChange } from '@/lib/newsletter/consent';
import { getSubscription, resubscribe, unsubscribe } from '@/lib/newsletter/subscription';
import { withMissGuard } from '@/lib/rate-limit/misses';
import { z } from '@/lib/validation';
import { endpoint, type PublicContext } from '../endpoint';

const id = z.string().trim().min(1).max(100);
const recipient = z.object({ camp: id, cliente: id });
const ok = z.object({ ok: z.literal(true) });
const group = 'mail';

/** The guest's campsite as the call names it, over the call's own handle: the ids prove nothing until found. */
const guestOf = (ctx: PublicContext, campsiteId: string) => campsiteContext({ kind: 'guest', campsiteId }, ctx.db);

/**
 * The public calls behind the unsubscribe pages; the guest's id is the key, a wrong one counts as a miss.
 * Each change is written to the consent log (method 'link', with the caller's address and browser).
 */
export const newsletterPublicRoutes = [
  endpoint({
    method: 'POST',
    path: '/checkNewsletter',
    auth: 'public',
    group,
    summary: 'Se il cliente riceve le newsletter del campeggio, e su quali liste.',
    body: recipient,
    response: z.object({ iscritto: z.boolean(), liste: z.array(z.object({ id: z.string(), nome: z.string(), iscritto: z.boolean() })) }),
    handler: (ctx, { body }) =>
      withMissGuard(ctx.db, ctx.client.ip, async () => {
        const subscription = await getSubscription(guestOf(ctx, body.camp), { contactId: body.cliente });
        return {
          iscritto: subscription.subscribed,
          liste: subscription.lists.map((list) => ({ id: list.id, nome: list.name, iscritto: list.subscribed })),
        };
      }),
  }),
  endpoint({
    method: 'POST',
    path: '/annullaNewsletter',
    auth: 'public',
    group,
    summary: 'Annulla l’iscrizione alle newsletter del campeggio (o a una sola lista con `lista`); ripeterla non cambia nulla.',
    body: recipient.extend({ lista: id.optional() }),
    response: ok,
    handler: (ctx, { body }) =>
      withMissGuard(ctx.db, ctx.client.ip, async () => {
        const guest = guestOf(ctx, body.camp);
        const who = { contactId: body.cliente };
        await unsubscribe(guest, who, body.lista);
        await recordUnsubscribeEvent(guest, who);
        await logConsentChange(guest, { ...who, action: 'unsubscribed', method: 'link', listId: body.lista, ...ctx.client });
        return { ok: true };
      }),
  }),
  endpoint({
    method: 'POST',
    path: '/iscriviNewsletter',
    auth: 'public',
    group,
    summary: 'Iscrive di nuovo il cliente alle newsletter del campeggio.',
    body: recipient,
    response: ok,
    handler: (ctx, { body }) =>
      withMissGuard(ctx.db, ctx.client.ip, async () => {
        const guest = guestOf(ctx, body.camp);
        const who = { contactId: body.cliente };
        await resubscribe(guest, who);
        await logConsentChange(guest, { ...who, action: 'subscribed', method: 'link', ...ctx.client });
        return { ok: true };
      }),
  }),
];
