import type { ReactNode } from 'react';
import { StaffProviders } from '@/components/providers/staff-providers';

export default function AuthLayout({ children }: { children: ReactNode }) {
  return <StaffProviders>{children}</StaffProviders>;
}
