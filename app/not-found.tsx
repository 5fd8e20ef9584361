import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { NotFoundContent } from '@/components/shell/not-found-content';
import { hasFullPack } from '@/lib/auth/pack-levels';
import { lookupStaff } from '@/lib/auth/staff';
import { StaffFrame } from './(staff)/staff-frame';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('notFound'))('title'), robots: { index: false } };
}

/**
 * A path the product does not have: inside the staff shell for a logged-in user, on its own
 * page for a guest (who sees no navigation). The same content either way.
 */
export default async function NotFound() {
  const { tenant } = await lookupStaff();
  if (!tenant) return <NotFoundContent full />;
  return (
    <StaffFrame tenant={tenant}>
      <NotFoundContent fullPack={hasFullPack(tenant.packLevel)} />
    </StaffFrame>
  );
}
