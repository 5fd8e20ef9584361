import type { Endpoint } from '../endpoint';

export const updateRoutes: Endpoint[] = [];
