import { EmptyState, EmptyStateDescription, EmptyStateTitle, Group, Stack, Text, Title } from '@mantine/core';
import { IconMailbox, IconSend, IconShieldCheck } from '@tabler/icons-react';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { CampaignList } from '@/components/campaigns/campaign-list';
import { CreateListButton } from '@/components/lists/create-list-button';
import { ListTable } from '@/components/lists/list-table';
import { PageContainer } from '@/components/shell/page-container';
import { NoProviderAlert } from '@/components/steps-mailing/no-provider-alert';
import { LinkButton } from '@/components/ui/link-button';
import { listCampaigns } from '@/lib/campaigns/service';
import { staffPage } from '@/lib/context/staff';
import { listLists } from '@/lib/lists/service';
import { mailingProviderReady, mailingSettingsHref } from '@/lib/newsletter/campaign-start';
import { createListAction, deleteListAction } from './actions';
import { campaignPageAction } from './newsletter/list-actions';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('nav'))('newsletter') };
}

/** The newsletter area: the campsite's lists, then its newsletters (sent, sending, scheduled). */
export default async function MailingPage() {
  const { tenant, run } = await staffPage({ packLevel: 10 });
  const [t, tNav, tCampaigns] = await Promise.all([getTranslations('lists'), getTranslations('nav'), getTranslations('campaigns')]);
  const [lists, campaigns, providerReady] = await run((ctx) => Promise.all([listLists(ctx), listCampaigns(ctx), mailingProviderReady(ctx)]));

  return (
    <PageContainer>
      <Stack gap="xl">
        <Title order={1}>{tNav('newsletter')}</Title>
        <Stack gap="md" component="section" aria-labelledby="lists-heading">
          <Group justify="space-between" align="flex-end" gap="sm">
            <div>
              <Title order={2} id="lists-heading">
                {t('title')}
              </Title>
              <Text c="dimmed" data-testid="lists-count">
                {t('subtitle', { count: lists.length })}
              </Text>
            </div>
            <CreateListButton action={createListAction} />
          </Group>
          {lists.length === 0 ? (
            <EmptyState icon={<IconMailbox size={32} aria-hidden />} withIndicatorBackground py="xl" data-testid="lists-empty">
              <EmptyStateTitle order={3}>{t('empty.title')}</EmptyStateTitle>
              <EmptyStateDescription>{t('empty.text')}</EmptyStateDescription>
            </EmptyState>
          ) : (
            <ListTable lists={lists} deleteAction={deleteListAction} />
          )}
        </Stack>
        <Stack gap="md" component="section" aria-labelledby="campaigns-heading">
          <Group justify="space-between" align="flex-end" gap="sm">
            <Title order={2} id="campaigns-heading">
              {tCampaigns('sectionTitle')}
            </Title>
            <Group gap="xs">
              <LinkButton href="/mailing/consensi" variant="default" leftSection={<IconShieldCheck size={16} aria-hidden />}>
                {tCampaigns('consentLog')}
              </LinkButton>
              {providerReady && (
                <LinkButton href="/stepsMailing" leftSection={<IconSend size={16} aria-hidden />}>
                  {tCampaigns('newNewsletter')}
                </LinkButton>
              )}
            </Group>
          </Group>
          {/* Without the provider's key a new newsletter could not leave: say what is missing and where to set it. */}
          {!providerReady && <NoProviderAlert where="mailing" settingsHref={tenant.isAdmin ? mailingSettingsHref(tenant.campsiteId) : null} />}
          <CampaignList initial={campaigns} loadMore={campaignPageAction} />
        </Stack>
      </Stack>
    </PageContainer>
  );
}
