import type { Endpoint } from '../endpoint';
import { authRoutes } from './auth';
import { campaignRoutes } from './campaigns';
import { campsiteRoutes } from './campsites';
import { campsiteSettingRoutes } from './campsite-settings';
import { configurationRoutes } from './configurations';
import { dashboardRoutes } from './dashboard';
import { draftRoutes } from './drafts';
import { gmailRoutes } from './gmail';
import { catalogueRoutes } from './catalogue';
import { contactRoutes } from './contacts';
import { imageRoutes } from './images';
import { listRoutes } from './lists';
import { mailRoutes } from './mail';
import { mailAttachmentRoutes } from './mail-attachments';
import { mailNewsletterRoutes } from './mail-newsletter';
import { mailTraceRoutes } from './mail-traces';
import { newsletterPublicRoutes } from './newsletter-public';
import { notificationRoutes } from './notifications';
import { platformRoutes } from './platform';
import { publicFormRoutes } from './public-form';
import { publicQuoteRoutes } from './public-quotes';
import { quoteRoutes } from './quotes';
import { templateRoutes } from './templates';
import { updateRoutes } from './updates';
import { userAdminRoutes } from './users-admin';

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
  ...mailRoutes,
  ...mailNewsletterRoutes,
  ...mailTraceRoutes,
  ...mailAttachmentRoutes,
  ...gmailRoutes,
  ...templateRoutes,
  ...listRoutes,
  ...draftRoutes,
  ...imageRoutes,
  ...userAdminRoutes,
  ...campsiteRoutes,
  ...updateRoutes,
  ...campsiteSettingRoutes,
  ...configurationRoutes,
  ...dashboardRoutes,
  ...campaignRoutes,
];
