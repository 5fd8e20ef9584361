import { cache, type ReactNode } from 'react';
import { StaffProviders } from '@/components/providers/staff-providers';
import { Footer } from '@/components/shell/footer';
import { HiddenEditMode } from '@/components/shell/hidden-edit-mode';
import { mainNavigation, settingsMenu } from '@/components/shell/navigation';
import { StaffShell } from '@/components/shell/staff-shell';
import { hasFullPack } from '@/lib/auth/pack-levels';
import { getOwnCampsite, hasMailingProvider } from '@/lib/campsites/service';
import { runStaffWork } from '@/lib/context/unit-of-work';
import { mailboxUnread } from '@/lib/mailbox/threads';
import type { Tenant } from '@/lib/tenant';
import { loadBellData } from './notifiche/load';
import { loadShellFollowUps } from './promemoria/load';

/**
 * What the shell shows, read once per request in the campsite's scope: the layout's title (the
 * bell's counts) and the shell itself both ask for it.
 */
export const loadShellData = cache(async (tenant: Tenant) => {
  const fullPack = hasFullPack(tenant.packLevel);
  // Notifications need pack level 10 (spec section 6): a service account has no bell. The counts
  // and the first page come with the page, so the bell never flashes a wrong number.
  const [campsite, bell, mailUnread, followUps] = await runStaffWork(tenant, (ctx) =>
    Promise.all([getOwnCampsite(ctx), fullPack ? loadBellData(ctx) : null, mailboxUnread(ctx), fullPack ? loadShellFollowUps(ctx) : null]),
  );
  return { campsite, bell, mailUnread, followUps };
});

/**
 * The staff shell around a page, for a user already known: the staff layout's pages, and the
 * root 404 page when the one who lands on an unknown path is logged in.
 */
export async function StaffFrame({ tenant, children }: { tenant: Tenant; children: ReactNode }) {
  const fullPack = hasFullPack(tenant.packLevel);
  const { campsite, bell, mailUnread, followUps } = await loadShellData(tenant);
  return (
    <StaffProviders>
      <StaffShell
        campsiteName={campsite.name}
        homeHref={fullPack ? '/dashboard' : '/mail'}
        navigation={mainNavigation({ showNewsletter: hasMailingProvider(campsite), fullPack })}
        settings={settingsMenu({ isAdmin: tenant.isAdmin, isOperator: tenant.isOperator, lucee: campsite.lucee, fullPack })}
        bell={bell}
        followUps={followUps}
        mailUnread={mailUnread}
        recentQuotes={fullPack}
        helpHref="/aiuto"
        footer={<Footer />}
      >
        {children}
      </StaffShell>
      <HiddenEditMode />
    </StaffProviders>
  );
}
