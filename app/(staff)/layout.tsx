import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { StaffProviders } from '@/components/providers/staff-providers';
import { Footer } from '@/components/shell/footer';
import { mainNavigation, settingsMenu } from '@/components/shell/navigation';
import { HiddenEditMode } from '@/components/shell/hidden-edit-mode';
import { StaffShell } from '@/components/shell/staff-shell';
import { hasFullPack } from '@/lib/auth/pack-levels';
import { requireStaff } from '@/lib/auth/staff';
import { getOwnCampsite, hasMailingProvider } from '@/lib/campsites/service';
import { mailboxUnread } from '@/lib/mailbox/threads';
import { notificationStamp } from '@/lib/notifications/service';
import { tabTitlePrefix } from '@/lib/notifications/tab-title';
import { STAFF_LOCALE } from '@/lib/i18n/request';
import { staffRead } from '@/lib/auth/staff-read';
import { loadBellData } from './notifiche/load';

/** The tab title carries the notification counts from the first paint; the bell keeps them current. */
export async function generateMetadata(): Promise<Metadata> {
  const tenant = await requireStaff({ packLevel: 0 });
  const status = hasFullPack(tenant.packLevel) ? await staffRead(tenant, (db) => notificationStamp(db, tenant)) : null;
  const prefix = status ? tabTitlePrefix(status.unread, status.outstanding) : '';
  const appName = (await getTranslations({ locale: STAFF_LOCALE, namespace: 'meta' }))('appName');
  return { title: { template: `${prefix}%s · ${appName}`, default: `${prefix}${appName}` } };
}

/** Resolves the session once for every staff page; each page checks its own pack level too. */
export default async function StaffLayout({ children }: { children: ReactNode }) {
  const tenant = await requireStaff({ packLevel: 0 });
  const fullPack = hasFullPack(tenant.packLevel);
  // Notifications need pack level 10 (spec section 6): a service account has no bell. The counts
  // and the first page come with the page, so the bell never flashes a wrong number.
  const [campsite, bell, mailUnread] = await staffRead(tenant, (db) =>
    Promise.all([getOwnCampsite(db, tenant), fullPack ? loadBellData(db, tenant) : null, mailboxUnread(db, tenant.campsiteId)]),
  );
  return (
    <StaffProviders>
      <StaffShell
        campsiteName={campsite.name}
        homeHref={fullPack ? '/dashboard' : '/mail'}
        navigation={mainNavigation({ showNewsletter: hasMailingProvider(campsite), fullPack })}
        settings={settingsMenu({ isAdmin: tenant.isAdmin, isOperator: tenant.isOperator, lucee: campsite.lucee, fullPack })}
        bell={bell}
        mailUnread={mailUnread}
        helpHref="/aiuto"
        footer={<Footer />}
      >
        {children}
      </StaffShell>
      <HiddenEditMode />
    </StaffProviders>
  );
}
