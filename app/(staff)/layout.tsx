import type { ReactNode } from 'react';
import { getDb, type Database } from '@/db/client';
import { Footer } from '@/components/shell/footer';
import { mainNavigation, settingsMenu } from '@/components/shell/navigation';
import type { BellData } from '@/components/shell/notification-bell';
import { StaffShell } from '@/components/shell/staff-shell';
import { hasFullPack } from '@/lib/auth/pack-levels';
import { requireStaff } from '@/lib/auth/staff';
import { getOwnCampsite, hasMailingProvider } from '@/lib/campsites/service';
import { formatDateTime } from '@/lib/format';
import { countUnread, latestUnread } from '@/lib/notifications/service';
import { helpHref } from '@/lib/provider';
import type { Tenant } from '@/lib/tenant';

async function loadBell(db: Database, tenant: Tenant): Promise<BellData> {
  const [unread, latest] = await Promise.all([countUnread(db, tenant), latestUnread(db, tenant)]);
  return {
    unread,
    latest: latest.map((item) => ({ id: item.id, title: item.title, description: item.description, createdAt: formatDateTime(item.createdAt) })),
  };
}

/** Resolves the session once for every staff page; each page checks its own pack level too. */
export default async function StaffLayout({ children }: { children: ReactNode }) {
  const tenant = await requireStaff({ packLevel: 0 });
  const fullPack = hasFullPack(tenant.packLevel);
  const db = getDb();
  const campsite = await getOwnCampsite(db, tenant);
  // Notifications need pack level 10 (spec section 6): a service account has no bell.
  const bell = fullPack ? await loadBell(db, tenant) : null;
  return (
    <StaffShell
      campsiteName={campsite.name}
      homeHref={fullPack ? '/dashboard' : '/mail'}
      navigation={mainNavigation({ showNewsletter: hasMailingProvider(campsite), fullPack })}
      settings={settingsMenu({ isAdmin: tenant.isAdmin, lucee: campsite.lucee, fullPack })}
      bell={bell}
      helpHref={helpHref()}
      footer={<Footer />}
    >
      {children}
    </StaffShell>
  );
}
