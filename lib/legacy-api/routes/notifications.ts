import {
  listNotifications,
  markAllRead,
  markRead,
  NOTIFICATION_PAGE_SIZE,
  notificationIdSchema,
  pageIndexSchema,
  walkNotifications,
  type NotificationRow,
} from '@/lib/notifications/service';
import { appVersion } from '@/lib/version';
import { z } from '@/lib/validation';
import { endpoint } from '../endpoint';
import { jsonArrayResponse } from '../json-stream';
import { notificationsResultSchema, toLegacyNotification } from '../shapes/notification';

const group = 'notifications-and-updates';
const ok = z.object({ ok: z.literal(true) });

/** `{"count": n, "notif": [...]}` with the list streamed: the 'All' call never holds every row in memory. */
function streamedResult(count: number, rows: AsyncIterable<NotificationRow>): Response {
  async function* legacy() {
    for await (const row of rows) yield toLegacyNotification(row);
  }
  const list = jsonArrayResponse(legacy());
  const encoder = new TextEncoder();
  const envelope = new TransformStream<Uint8Array, Uint8Array>({
    start: (controller) => controller.enqueue(encoder.encode(`{"count":${count},"notif":`)),
    flush: (controller) => controller.enqueue(encoder.encode('}')),
  });
  return new Response(list.body!.pipeThrough(envelope), { headers: list.headers });
}

export const notificationRoutes = [
  endpoint({
    method: 'POST',
    path: '/getGitVersion',
    auth: 'public',
    group,
    summary: 'La versione del backend.',
    response: z.object({ version: z.string(), commit: z.string() }),
    handler: async () => {
      const { label, commit } = appVersion();
      return { version: label, commit };
    },
  }),
  endpoint({
    method: 'POST',
    path: '/getNotifications',
    auth: 'bearer',
    group,
    summary: `Una pagina di ${NOTIFICATION_PAGE_SIZE} notifiche, le più recenti prima; index è il numero di pagina (da 0). count è il totale.`,
    body: z.object({ index: pageIndexSchema.default(0) }),
    response: notificationsResultSchema,
    handler: async (ctx, { body }) => {
      const page = await listNotifications(ctx, { page: body.index });
      return { notif: page.notif.map(toLegacyNotification), count: page.count };
    },
  }),
  endpoint({
    method: 'POST',
    path: '/getNotificationsAll',
    auth: 'bearer',
    group,
    summary: 'Tutte le notifiche del campeggio, le più recenti prima, con il totale (inviate man mano).',
    response: notificationsResultSchema,
    handler: async (ctx) => {
      const { count } = await listNotifications(ctx, { pageSize: 1 });
      return streamedResult(count, walkNotifications(ctx));
    },
  }),
  endpoint({
    method: 'POST',
    path: '/notifications/markAsRead/{id}',
    auth: 'bearer',
    lastParamOptional: true,
    group,
    summary: 'Segna letta una notifica; con un id vuoto (o "undefined") non fa nulla. 404 se il campeggio non ha quella notifica.',
    params: z.object({ id: notificationIdSchema }),
    response: ok,
    handler: async (ctx, { params }) => {
      await markRead(ctx, params.id);
      return { ok: true };
    },
  }),
  endpoint({
    method: 'POST',
    path: '/notifications/markAllRead/',
    auth: 'bearer',
    group,
    summary: 'Segna lette tutte le notifiche del campeggio; marked dice quante erano da leggere.',
    response: z.object({ ok: z.literal(true), marked: z.number() }),
    handler: async (ctx) => ({ ok: true, marked: await markAllRead(ctx) }),
  }),
];
