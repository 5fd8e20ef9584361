import { Stack, Text, Title } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import { UpdateCard } from '@/components/settings/updates/update-card';
import { LinkButton } from '@/components/ui/link-button';
import { AppError } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { listUpdateHistory } from '@/lib/updates/service';
import type { SectionProps } from './types';

/** v=novita: every product update that reached the campsite, newest first. */
export async function UpdatesHistorySection({ run, params, basePath }: SectionProps) {
  const t = await getTranslations('productUpdates');
  const page = await run((ctx) => listUpdateHistory(ctx, { cursor: params.dopo })).catch((error: unknown) => {
    if (error instanceof AppError && error.kind === 'bad_request') return run((ctx) => listUpdateHistory(ctx));
    throw error;
  });
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('historyTitle')}
      </Title>
      {page.items.length === 0 && <Text c="dimmed">{t('historyEmpty')}</Text>}
      {page.items.map((update) => (
        <UpdateCard key={update.id} title={update.title} html={update.html} meta={t('postedOn', { date: formatDateTime(update.createdAt) })} badge={update.viewed ? undefined : t('unseen')} />
      ))}
      {page.nextCursor && (
        <LinkButton href={`${basePath}?v=novita&dopo=${page.nextCursor}`} variant="light" w="fit-content">
          {t('historyMore')}
        </LinkButton>
      )}
    </Stack>
  );
}
