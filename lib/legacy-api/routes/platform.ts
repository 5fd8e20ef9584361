import { mintLoginToken } from '@/lib/auth/service';
import { emailSchema } from '@/lib/users/validation';
import { z } from '@/lib/validation';
import { endpoint } from '../endpoint';

export const platformRoutes = [
  endpoint({
    method: 'POST',
    path: '/users/createLoginToken',
    auth: 'platform-key',
    group: 'platform',
    summary: 'La piattaforma di prenotazione chiede un accesso monouso (10 minuti) per un utente del CRM.',
    body: z.object({ email: emailSchema }),
    response: z.object({ uuid: z.string(), url: z.url() }),
    handler: async ({ db, origin }, { body }) => {
      const { token } = await mintLoginToken(db, body.email);
      return { uuid: token, url: `${origin}/loginCV/${token}` };
    },
  }),
];
