import type { Endpoint } from '../endpoint';

export const quoteRoutes: Endpoint[] = [];
