import { ComingSoon } from '@/components/shell/coming-soon';
import type { SectionProps } from './types';

export async function UsersSection(_props: SectionProps) {
  return <ComingSoon section="UsersSection" />;
}
