import { Group, Stack, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { CampaignStats } from '@/components/campaigns/campaign-stats';
import { RealtimeChart } from '@/components/campaigns/realtime-chart';
import { CampaignStatusBadge } from '@/components/campaigns/status-badge';
import { SendProgressPanel } from '@/components/campaigns/send-progress';
import { PageContainer } from '@/components/shell/page-container';
import { LinkAnchor } from '@/components/ui/link-anchor';
import { loadCampaignDetail } from '@/lib/campaigns/detail';
import { staffPage } from '@/lib/context/staff';
import { formatDate, formatDateTime } from '@/lib/format';
import { cancelNewsletterAction, pauseNewsletterAction, realtimeSeriesAction, resumeNewsletterAction, sendProgressAction } from './actions';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('campaigns'))('title') };
}

/** send-newsletter: one newsletter, its live progress with pause and cancel, and what happened to it. */
export default async function NewsletterPage({ params }: { params: Promise<{ id: string }> }) {
  const { run } = await staffPage({ packLevel: 10 });
  const { id } = await params;
  // Ids are base64url; whatever else the address holds finds no newsletter.
  const detail = /^[\w-]{1,100}$/.test(id) ? await run((ctx) => loadCampaignDetail(ctx, { campaignId: id })) : null;
  if (!detail) notFound();
  const t = await getTranslations('campaigns');
  const { campaign } = detail;
  return (
    <PageContainer>
      <Stack gap="md">
        <Stack gap={4}>
          <LinkAnchor href="/mailing" size="sm">
            {t('title')}
          </LinkAnchor>
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {campaign.title}
          </Title>
          <Group gap="md" wrap="wrap">
            <CampaignStatusBadge status={detail.progress.status} />
            <Text size="sm">
              {t('list')}: <strong>{campaign.listName ?? t('noList')}</strong>
            </Text>
            <Text size="sm" c="dimmed" data-testid="campaign-when">
              {t(campaign.when.key, { date: campaign.when.key === 'created' ? formatDate(campaign.when.date) : formatDateTime(campaign.when.date) })}
            </Text>
          </Group>
        </Stack>
        <SendProgressPanel
          initial={detail.progress}
          poll={sendProgressAction}
          pause={pauseNewsletterAction}
          resume={resumeNewsletterAction}
          cancel={cancelNewsletterAction}
        />
        <CampaignStats stats={detail.stats} links={detail.links} />
        <RealtimeChart campaignId={campaign.id} initial={detail.series} load={realtimeSeriesAction} />
      </Stack>
    </PageContainer>
  );
}
