import type { Endpoint } from '../endpoint';

export const newsletterPublicRoutes: Endpoint[] = [];
