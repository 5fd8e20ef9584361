import type { Endpoint } from '../endpoint';

export const userAdminRoutes: Endpoint[] = [];
