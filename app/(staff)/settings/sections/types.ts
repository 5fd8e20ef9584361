import type { ReactNode } from 'react';
import type { StaffRequest } from '@/lib/context/staff';
import type { Tenant } from '@/lib/tenant';

/** What every settings section receives: the tenant resolved once, the query string, and its base path. */
export type SectionProps = {
  tenant: Tenant;
  /** The page's unit of work: every read of a section runs in it. */
  run: StaffRequest['run'];
  params: Record<string, string | undefined>;
  /** '/settings', or '/settingsL' for lucee campsites: links stay in the variant the user is on. */
  basePath: '/settings' | '/settingsL';
};

export type Section = {
  /** Key of messages settingsMenu for the page title. */
  titleKey: string;
  /** Who may open it; the services check again. */
  role: 'staff' | 'admin' | 'operator';
  render: (props: SectionProps) => Promise<ReactNode>;
};
