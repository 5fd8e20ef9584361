import { NotFoundContent } from '@/components/shell/not-found-content';
import { hasFullPack } from '@/lib/auth/pack-levels';
import { requireStaff } from '@/lib/auth/staff';

/** notFound() from any staff page (an unknown id, or another campsite's): the 404 inside the shell. */
export default async function StaffNotFound() {
  const tenant = await requireStaff({ packLevel: 0 });
  return <NotFoundContent fullPack={hasFullPack(tenant.packLevel)} ownTitle />;
}
