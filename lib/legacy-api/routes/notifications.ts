import { appVersion } from '@/lib/version';
import { z } from '@/lib/validation';
import { endpoint } from '../endpoint';

export const notificationRoutes = [
  endpoint({
    method: 'POST',
    path: '/getGitVersion',
    auth: 'public',
    group: 'notifications-and-updates',
    summary: 'La versione del backend.',
    response: z.object({ version: z.string(), commit: z.string() }),
    handler: async () => {
      const { label, commit } = appVersion();
      return { version: label, commit };
    },
  }),
];
