import type { Endpoint } from '../endpoint';

export const publicQuoteRoutes: Endpoint[] = [];
