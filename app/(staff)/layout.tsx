import type { ReactNode } from 'react';
import { getDb } from '@/db/client';
import { Footer } from '@/components/shell/footer';
import { mainNavigation, settingsMenu } from '@/components/shell/navigation';
import { StaffShell } from '@/components/shell/staff-shell';
import { requireStaff } from '@/lib/auth/staff';
import { getOwnCampsite, hasMailingProvider } from '@/lib/campsites/service';
import { formatDateTime } from '@/lib/format';
import { countUnread, latestUnread } from '@/lib/notifications/service';
import { helpHref } from '@/lib/provider';

/** Resolves the session once for every staff page; each page checks its own pack level too. */
export default async function StaffLayout({ children }: { children: ReactNode }) {
  const tenant = await requireStaff({ packLevel: 0 });
  const db = getDb();
  const [campsite, unread, latest] = await Promise.all([getOwnCampsite(db, tenant), countUnread(db, tenant), latestUnread(db, tenant)]);
  return (
    <StaffShell
      campsiteName={campsite.name}
      navigation={mainNavigation({ showNewsletter: hasMailingProvider(campsite) })}
      settings={settingsMenu({ isAdmin: tenant.isAdmin, lucee: campsite.lucee })}
      unread={unread}
      latest={latest.map((item) => ({ id: item.id, title: item.title, description: item.description, createdAt: formatDateTime(item.createdAt) }))}
      helpHref={helpHref()}
      footer={<Footer />}
    >
      {children}
    </StaffShell>
  );
}
