import type { Tenant } from '@/lib/tenant';

/** The settings tabs of one campsite (hours, contacts, occupancy, form fields, languages, tags…). */
export async function CampsiteSettingsTabs(_props: { tenant: Tenant; campsiteId: string; basePath: '/settings' | '/settingsL' }) {
  return null;
}
