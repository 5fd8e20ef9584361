import { getOwnCampsite } from '@/lib/campsites/service';
import { z } from '@/lib/validation';
import { endpoint } from '../endpoint';
import { legacyCampsiteSchema, toLegacyCampsite } from '../shapes/campsite';

const group = 'auth';

export const campsiteRoutes = [
  endpoint({
    method: 'POST',
    path: '/getCamping/all',
    auth: 'bearer',
    group,
    summary: 'I campeggi visibili all’utente: il proprio.',
    response: z.array(legacyCampsiteSchema),
    handler: async ({ db, tenant }) => [toLegacyCampsite(await getOwnCampsite(db, tenant))],
  }),
];
