import { changeOwnPassword } from '@/lib/users/account';
import { deleteUser, resetUserPassword, updateUser } from '@/lib/users/service';
import { legacyPasswordSchema, userEditSchema } from '@/lib/users/validation';
import { AppError } from '@/lib/errors';
import { z } from '@/lib/validation';
import { endpoint, type Endpoint } from '../endpoint';
import { legacyUserSchema, toLegacyUser } from '../shapes/user';

const group = 'administration';
const idParam = z.object({ id: z.string().trim().min(1).max(100) });
const ok = z.object({ ok: z.literal(true) });

export const userAdminRoutes: Endpoint[] = [
  endpoint({
    method: 'POST',
    path: '/editUser/{id}',
    auth: 'bearer',
    adminOnly: true,
    group,
    summary: 'Modifica nome, e-mail, livello pacchetto e ruolo di un utente del proprio campeggio (mai togliere il ruolo a sé stessi o all’ultimo amministratore).',
    params: idParam,
    body: userEditSchema,
    response: legacyUserSchema,
    handler: async (ctx, { params, body }) => toLegacyUser(await updateUser(ctx, params.id, body)),
  }),
  endpoint({
    method: 'POST',
    path: '/editPassword/{userID}',
    auth: 'bearer',
    packLevel: 0,
    group,
    summary:
      'Cambia la password. Per sé stessi serve oldPassword (le altre sessioni si chiudono); un amministratore la reimposta a un collega del proprio campeggio, chiudendone tutte le sessioni.',
    params: z.object({ userID: z.string().trim().min(1).max(100) }),
    body: legacyPasswordSchema,
    response: ok,
    handler: async (ctx, { params, body }) => {
      if (params.userID === ctx.tenant.userId) {
        if (!body.oldPassword) throw new AppError('bad_request', 'Indica la password attuale (oldPassword).');
        await changeOwnPassword(ctx, { oldPassword: body.oldPassword, newPassword: body.password });
      } else {
        await resetUserPassword(ctx, params.userID, body.password);
      }
      return { ok: true as const };
    },
  }),
  endpoint({
    method: 'POST',
    path: '/deleteUser/{id}',
    auth: 'bearer',
    adminOnly: true,
    group,
    summary: 'Elimina un utente del proprio campeggio e ne chiude subito sessioni e token (mai sé stessi né l’ultimo amministratore).',
    params: idParam,
    response: z.object({ ok: z.literal(true), deleted: legacyUserSchema }),
    handler: async (ctx, { params }) => ({ ok: true as const, deleted: toLegacyUser(await deleteUser(ctx, params.id)) }),
  }),
];
