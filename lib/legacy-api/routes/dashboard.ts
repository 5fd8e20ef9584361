import type { Endpoint } from '../endpoint';

export const dashboardRoutes: Endpoint[] = [];
