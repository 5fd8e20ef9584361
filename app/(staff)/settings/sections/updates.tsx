import { Stack, Text, Title } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import { DeleteUpdateButton } from '@/components/settings/updates/delete-update-button';
import { UpdateCard } from '@/components/settings/updates/update-card';
import { UpdateForm } from '@/components/settings/updates/update-form';
import { LinkButton } from '@/components/ui/link-button';
import { AppError } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { listAllUpdates, updatableCampsites } from '@/lib/updates/service';
import type { SectionProps } from './types';

/** v=updates (operator): post an update, and the posted ones, newest first, each deletable after a confirmation. */
export async function ProductUpdatesSection({ run, params, basePath }: SectionProps) {
  const t = await getTranslations('productUpdates');
  const [campsites, page] = await Promise.all([
    run((ctx) => updatableCampsites(ctx)),
    run((ctx) => listAllUpdates(ctx, { cursor: params.dopo })).catch((error: unknown) => {
      if (error instanceof AppError && error.kind === 'bad_request') return run((ctx) => listAllUpdates(ctx));
      throw error;
    }),
  ]);
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('manageTitle')}
      </Title>
      <UpdateForm campsites={campsites} />
      <Title order={2} size="h3">
        {t('listTitle')}
      </Title>
      {page.items.length === 0 && <Text c="dimmed">{t('listEmpty')}</Text>}
      {page.items.map((update) => (
        <UpdateCard
          key={update.id}
          title={update.title}
          html={update.html}
          meta={`${t('postedOn', { date: formatDateTime(update.createdAt) })} · ${update.audience === 'all' ? t('toAll') : t('toSome', { names: update.targets.map((target) => target.name).join(', ') })}`}
          action={<DeleteUpdateButton id={update.id} title={update.title} />}
        />
      ))}
      {page.nextCursor && (
        <LinkButton href={`${basePath}?v=updates&dopo=${page.nextCursor}`} variant="light" w="fit-content">
          {t('historyMore')}
        </LinkButton>
      )}
    </Stack>
  );
}
