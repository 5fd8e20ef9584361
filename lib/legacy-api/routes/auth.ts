import { cookieFrom, KNOWN_DEVICES_COOKIE } from '@/lib/auth/known-devices';
import { loginWithPassword, loginWithToken, recentLogins, revokeSession } from '@/lib/auth/service';
import { getOwnCampsite } from '@/lib/campsites/service';
import { hasFullPack } from '@/lib/auth/pack-levels';
import { createUser, getUserByEmail, listUsers } from '@/lib/users/service';
import { emailSchema, newUserSchema } from '@/lib/users/validation';
import { z } from '@/lib/validation';
import { endpoint } from '../endpoint';
import { legacyUserSchema, sessionAnswerSchema, toLegacyUser } from '../shapes/user';

const group = 'auth';
const emailBody = z.object({ email: emailSchema });

export const authRoutes = [
  endpoint({
    method: 'POST',
    path: '/users/login',
    auth: 'public',
    group,
    summary: 'Accesso con e-mail e password; restituisce il token e l’utente (400 se le credenziali sono errate).',
    body: z.object({ email: z.string().trim().min(1).max(320), password: z.string().min(1).max(500) }),
    response: sessionAnswerSchema,
    handler: async ({ db, client, request }, { body }) => {
      // A browser of the old front end that logged in before carries the mark the web login set.
      const knownDevices = cookieFrom(request.headers.get('cookie'), KNOWN_DEVICES_COOKIE);
      const opened = await loginWithPassword(db, { ...body, kind: 'api', knownDevices }, client);
      return { token: opened.secret, user: toLegacyUser(opened.user, await recentLogins(db, opened.user.campingId, opened.user.id)) };
    },
  }),
  endpoint({
    method: 'POST',
    path: '/users/loginToken',
    auth: 'public',
    group,
    summary: 'Accesso con il token monouso della piattaforma di prenotazione.',
    body: z.object({ uuid: z.string().trim().min(1).max(200) }),
    response: sessionAnswerSchema,
    handler: async ({ db, client }, { body }) => {
      const opened = await loginWithToken(db, body.uuid, 'api', client);
      return { token: opened.secret, user: toLegacyUser(opened.user, await recentLogins(db, opened.user.campingId, opened.user.id)) };
    },
  }),
  endpoint({
    method: 'POST',
    path: '/users/logout',
    auth: 'bearer',
    packLevel: 0,
    group,
    summary: 'Chiude la sessione del token: ogni uso successivo riceve 401.',
    response: z.object({ ok: z.literal(true) }),
    handler: async ({ db, tenant }) => {
      await revokeSession(db, tenant);
      return { ok: true };
    },
  }),
  endpoint({
    method: 'POST',
    path: '/users/loadUserParameters',
    auth: 'bearer',
    packLevel: 0,
    group,
    summary: 'Parametri dell’utente (livello pacchetto, ruolo, campeggio).',
    body: emailBody,
    response: z.object({ user: legacyUserSchema, packLevel: z.number(), isAdmin: z.boolean(), camping: z.string(), parameters: z.record(z.string(), z.unknown()) }),
    handler: async (ctx, { body }) => {
      const user = await getUserByEmail(ctx, body.email);
      const packLevel = user.id === ctx.tenant.userId ? ctx.tenant.packLevel : user.packLevel;
      return { user: toLegacyUser(user), packLevel, isAdmin: user.isAdmin, camping: user.campingId, parameters: user.parameters };
    },
  }),
  endpoint({
    method: 'POST',
    path: '/users/showDashboard',
    auth: 'bearer',
    packLevel: 0,
    group,
    summary: 'Indica se l’utente può vedere la dashboard (livello pacchetto 10).',
    body: emailBody,
    response: z.object({ showDashboard: z.boolean() }),
    handler: async (ctx, { body }) => {
      const user = await getUserByEmail(ctx, body.email);
      const packLevel = user.id === ctx.tenant.userId ? ctx.tenant.packLevel : user.packLevel;
      return { showDashboard: hasFullPack(packLevel) };
    },
  }),
  endpoint({
    method: 'POST',
    path: '/users',
    auth: 'bearer',
    adminOnly: true,
    group,
    summary: 'Crea un utente nel campeggio dell’amministratore; il nome iniziale è l’e-mail.',
    body: newUserSchema,
    response: legacyUserSchema,
    handler: async (ctx, { body }) => toLegacyUser(await createUser(ctx, body)),
  }),
  endpoint({
    method: 'GET',
    path: '/users/all',
    auth: 'bearer',
    adminOnly: true,
    group,
    summary: 'Gli utenti del campeggio.',
    response: z.array(legacyUserSchema),
    handler: async (ctx) => (await listUsers(ctx)).map((user) => toLegacyUser(user)),
  }),
  endpoint({
    method: 'POST',
    path: '/getScontoSoloSuUnita',
    auth: 'bearer',
    group,
    summary: 'Se lo sconto dei preventivi si applica solo all’unità abitativa.',
    response: z.object({ scontoSoloSuUnita: z.boolean() }),
    handler: async (ctx) => ({ scontoSoloSuUnita: (await getOwnCampsite(ctx)).discountOnlyOnUnit }),
  }),
];
