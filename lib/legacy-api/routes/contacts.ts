import type { Endpoint } from '../endpoint';

export const contactRoutes: Endpoint[] = [];
