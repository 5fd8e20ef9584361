'use client';

import { Badge } from '@mantine/core';
import { useTranslations } from 'next-intl';
import type { CampaignStatus } from '@/lib/campaigns/types';

const COLORS: Record<CampaignStatus, string> = {
  draft: 'gray.7',
  scheduled: 'indigo.7',
  sending: 'blue.8',
  paused: 'orange.9',
  cancelled: 'dark.5',
  sent: 'teal.9',
  failed: 'red.8',
};

/** A newsletter's status in words, filled (the light variant fails the contrast check). */
export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  const t = useTranslations('campaigns.status');
  return (
    <Badge color={COLORS[status]} variant="filled" tt="none" radius="sm" data-testid="campaign-status">
      {t(status)}
    </Badge>
  );
}
