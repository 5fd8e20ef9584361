import { ComingSoon } from '@/components/shell/coming-soon';
import type { SectionProps } from './types';

export async function AuditSection(_props: SectionProps) {
  return <ComingSoon section="AuditSection" />;
}
