import type { Endpoint } from '../endpoint';
import { authRoutes } from './auth';
import { notificationRoutes } from './notifications';
import { platformRoutes } from './platform';

/** The served part of the legacy contract; each domain adds its file here. */
export const legacyRoutes: Endpoint[] = [...authRoutes, ...platformRoutes, ...notificationRoutes];
