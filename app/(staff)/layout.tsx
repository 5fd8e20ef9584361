import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { requireStaff } from '@/lib/auth/staff';
import { STAFF_LOCALE } from '@/lib/i18n/request';
import { tabTitlePrefix } from '@/lib/notifications/tab-title';
import { loadShellData, StaffFrame } from './staff-frame';

/** The tab title carries the notification counts from the first paint; the bell keeps them current. */
export async function generateMetadata(): Promise<Metadata> {
  const tenant = await requireStaff({ packLevel: 0 });
  const { bell, followUps } = await loadShellData(tenant);
  const due = followUps?.dueNow ?? 0;
  const prefix = bell ? tabTitlePrefix(bell.status.unread + due, bell.status.outstanding + due) : '';
  const appName = (await getTranslations({ locale: STAFF_LOCALE, namespace: 'meta' }))('appName');
  return { title: { template: `${prefix}%s · ${appName}`, default: `${prefix}${appName}` } };
}

/** Resolves the session once for every staff page; each page checks its own pack level too. */
export default async function StaffLayout({ children }: { children: ReactNode }) {
  const tenant = await requireStaff({ packLevel: 0 });
  return <StaffFrame tenant={tenant}>{children}</StaffFrame>;
}
