import type { Endpoint } from '../endpoint';
import { authRoutes } from './auth';
import { catalogueRoutes } from './catalogue';
import { contactRoutes } from './contacts';
import { notificationRoutes } from './notifications';
import { platformRoutes } from './platform';
import { quoteRoutes } from './quotes';

/** The served part of the legacy contract; each domain adds its file here. */
export const legacyRoutes: Endpoint[] = [...authRoutes, ...platformRoutes, ...notificationRoutes, ...contactRoutes, ...quoteRoutes, ...catalogueRoutes];
