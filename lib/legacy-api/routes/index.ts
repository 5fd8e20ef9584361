import type { Endpoint } from '../endpoint';
import { authRoutes } from './auth';
import { catalogueRoutes } from './catalogue';
import { contactRoutes } from './contacts';
import { newsletterPublicRoutes } from './newsletter-public';
import { notificationRoutes } from './notifications';
import { platformRoutes } from './platform';
import { publicFormRoutes } from './public-form';
import { publicQuoteRoutes } from './public-quotes';
import { quoteRoutes } from './quotes';

/** The served part of the legacy contract; each domain adds its file here. */
export const legacyRoutes: Endpoint[] = [
  ...authRoutes,
  ...platformRoutes,
  ...notificationRoutes,
  ...contactRoutes,
  ...quoteRoutes,
  ...catalogueRoutes,
  ...publicFormRoutes,
  ...publicQuoteRoutes,
  ...newsletterPublicRoutes,
];
