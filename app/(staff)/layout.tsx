import type { ReactNode } from 'react';
import { requireStaff } from '@/lib/auth/staff';
import { StaffFrame } from './staff-frame';

/** Resolves the session once for every staff page; each page checks its own pack level too. */
export default async function StaffLayout({ children }: { children: ReactNode }) {
  const tenant = await requireStaff({ packLevel: 0 });
  return <StaffFrame tenant={tenant}>{children}</StaffFrame>;
}
