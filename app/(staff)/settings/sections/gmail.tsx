import { ComingSoon } from '@/components/shell/coming-soon';
import type { SectionProps } from './types';

export async function GmailSection(_props: SectionProps) {
  return <ComingSoon section="GmailSection" />;
}
