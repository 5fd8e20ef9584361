import { ComingSoon } from '@/components/shell/coming-soon';
import type { SectionProps } from './types';

export async function CampsitesSection(_props: SectionProps) {
  return <ComingSoon section="CampsitesSection" />;
}
