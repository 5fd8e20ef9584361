import type { Endpoint } from '../endpoint';

export const campsiteSettingRoutes: Endpoint[] = [];
