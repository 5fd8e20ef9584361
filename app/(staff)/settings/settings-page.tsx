import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { PageContainer } from '@/components/shell/page-container';
import { staffPage } from '@/lib/context/staff';
import type { Tenant } from '@/lib/tenant';
import { DEFAULT_SECTION, SETTINGS_SECTIONS } from './sections';
import type { Section } from './sections/types';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const sectionOf = (v: string | string[] | undefined) => SETTINGS_SECTIONS[typeof v === 'string' && v in SETTINGS_SECTIONS ? v : DEFAULT_SECTION];

function allowed(section: Section, tenant: Tenant): boolean {
  if (section.role === 'operator') return tenant.isOperator;
  if (section.role === 'admin') return tenant.isAdmin || tenant.isOperator;
  return true;
}

export async function settingsMetadata(searchParams: SearchParams): Promise<Metadata> {
  const section = sectionOf((await searchParams).v);
  return { title: `${(await getTranslations('settingsMenu'))(section.titleKey)} · ${(await getTranslations('nav'))('settings')}` };
}

/** /settings and /settingsL: one page, the section chosen by ?v=; a section the user may not open is a 404. */
export async function SettingsPage({ searchParams, basePath }: { searchParams: SearchParams; basePath: '/settings' | '/settingsL' }) {
  const { tenant, run } = await staffPage({ packLevel: 10 });
  const raw = await searchParams;
  const section = sectionOf(raw.v);
  if (!allowed(section, tenant)) notFound();
  const params = Object.fromEntries(Object.entries(raw).map(([key, value]) => [key, Array.isArray(value) ? value[0] : value]));
  return <PageContainer>{await section.render({ tenant, run, params, basePath })}</PageContainer>;
}
