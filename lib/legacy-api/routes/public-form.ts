import type { Endpoint } from '../endpoint';

export const publicFormRoutes: Endpoint[] = [];
