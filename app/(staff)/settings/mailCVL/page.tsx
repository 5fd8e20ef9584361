import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ComingSoon } from '@/components/shell/coming-soon';
import { requireStaff } from '@/lib/auth/staff';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('settingsMenu'))('mailCvSettings') };
}

export default async function Page() {
  await requireStaff({ packLevel: 0 });
  return <ComingSoon section={(await getTranslations('settingsMenu'))('mailCvSettings')} />;
}
