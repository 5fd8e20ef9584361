import { AccountSection } from './account';
import { AddCampsiteSection } from './add-campsite';
import { AuditSection } from './audit';
import { CampsitesSection, OwnCampsiteSection } from './campsites';
import { GmailSection } from './gmail';
import { LegacyImportSection } from './legacy-import';
import { ScheduledJobsSection } from './jobs';
import { QuoteOptionsSection } from './quote-options';
import type { Section } from './types';
import { ProductUpdatesSection } from './updates';
import { UpdatesHistorySection } from './updates-history';
import { UsersSection } from './users';

/** Every `v` of /settings and /settingsL (spec section 2, plus the audit log and the product updates). */
export const SETTINGS_SECTIONS: Record<string, Section> = {
  showUsers: { titleKey: 'showUsers', role: 'admin', render: UsersSection },
  detUser: { titleKey: 'crmAccount', role: 'staff', render: AccountSection },
  settPrev: { titleKey: 'quoteOptions', role: 'staff', render: QuoteOptionsSection },
  addCamp: { titleKey: 'addCampsite', role: 'operator', render: AddCampsiteSection },
  showCamp: { titleKey: 'showCampsites', role: 'admin', render: CampsitesSection },
  campeggio: { titleKey: 'ownCampsite', role: 'admin', render: OwnCampsiteSection },
  gmail: { titleKey: 'gmailAccount', role: 'staff', render: GmailSection },
  audit: { titleKey: 'auditLog', role: 'admin', render: AuditSection },
  updates: { titleKey: 'postUpdates', role: 'operator', render: ProductUpdatesSection },
  novita: { titleKey: 'updatesHistory', role: 'staff', render: UpdatesHistorySection },
  jobs: { titleKey: 'scheduledJobs', role: 'operator', render: ScheduledJobsSection },
  importa: { titleKey: 'legacyImport', role: 'operator', render: LegacyImportSection },
};

/** Without a known `v` the page opens the account, which every user may see. */
export const DEFAULT_SECTION = 'detUser';
