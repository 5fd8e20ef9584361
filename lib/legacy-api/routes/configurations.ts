import type { Endpoint } from '../endpoint';

export const configurationRoutes: Endpoint[] = [];
