import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { CampsiteTable } from '@/components/settings/campsites/campsite-table';
import { DeleteCampsiteButton } from '@/components/settings/campsites/delete-campsite-button';
import { LinkButton } from '@/components/ui/link-button';
import { campsiteDeletionSummary, getManagedCampsite, listCampsites } from '@/lib/campsites/admin';
import { AppError } from '@/lib/errors';
import { NOT_DEFINED } from '@/lib/legacy-api/shapes/campsite';
import { CampsiteSettingsTabs } from './campsite-settings';
import type { SectionProps } from './types';

/** v=showCamp: the list (every campsite for the operator, the own one for an admin), or one campsite with campingID. */
export async function CampsitesSection(props: SectionProps) {
  const id = props.params.campingID;
  return id ? <CampsiteDetail {...props} campsiteId={id} /> : <CampsiteList {...props} />;
}

async function CampsiteList({ tenant, run, params, basePath }: SectionProps) {
  const t = await getTranslations('settingsCampsites');
  const search = params.q?.trim().slice(0, 200) || undefined;
  const page = await run((ctx) => listCampsites(ctx, { search, cursor: params.dopo })).catch((error: unknown) => {
    // A stale or edited page position: start again from the first page.
    if (error instanceof AppError && error.kind === 'bad_request') return run((ctx) => listCampsites(ctx, { search }));
    throw error;
  });
  const more = new URLSearchParams({ v: 'showCamp', ...(search ? { q: search } : {}), ...(page.nextCursor ? { dopo: page.nextCursor } : {}) });
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          {tenant.isOperator ? t('listTitle') : t('ownTitle')}
        </Title>
        {tenant.isOperator && <LinkButton href={`${basePath}?v=addCamp`}>{t('add')}</LinkButton>}
      </Group>
      {tenant.isOperator && (
        <form method="get" action={basePath} role="search">
          <input type="hidden" name="v" value="showCamp" />
          <Group align="flex-end" gap="xs">
            <TextInput name="q" label={t('search')} defaultValue={search} maw={320} style={{ flex: 1 }} />
            <Button type="submit" variant="default">
              {t('searchButton')}
            </Button>
          </Group>
        </form>
      )}
      <CampsiteTable rows={page.items} basePath={basePath} providerId={tenant.isOperator ? tenant.campsiteId : null} />
      {page.nextCursor && (
        <LinkButton href={`${basePath}?${more}`} variant="light" w="fit-content">
          {t('more')}
        </LinkButton>
      )}
    </Stack>
  );
}

/** v=campeggio: the settings of the user's own campsite, straight from the menu (no list of one to click through). */
export async function OwnCampsiteSection(props: SectionProps) {
  return <CampsiteDetail {...props} campsiteId={props.tenant.campsiteId} />;
}

async function CampsiteDetail({ tenant, run, basePath, campsiteId }: SectionProps & { campsiteId: string }) {
  const t = await getTranslations('settingsCampsites');
  const campsite = await run((ctx) => getManagedCampsite(ctx, campsiteId)).catch((error: unknown) => {
    if (error instanceof AppError && error.kind === 'not_found') notFound();
    throw error;
  });
  const deletable = tenant.isOperator && campsite.id !== tenant.campsiteId;
  const summary = deletable ? await run((ctx) => campsiteDeletionSummary(ctx, campsite.id)) : null;
  return (
    <Stack gap="md">
      {tenant.isOperator && (
        <LinkButton href={`${basePath}?v=showCamp`} variant="subtle" w="fit-content" px={0}>
          ← {t('backToList')}
        </LinkButton>
      )}
      <Group justify="space-between" align="center">
        <Stack gap={2}>
          <Title order={1} size="h2">
            {campsite.name}
          </Title>
          <Text size="sm" c="dimmed">
            {campsite.lucee ? t('lucee') : t('standard')} · {t('urlToCV')}: {campsite.urlToCv || NOT_DEFINED}
          </Text>
        </Stack>
        {summary && <DeleteCampsiteButton summary={summary} basePath={basePath} />}
      </Group>
      {tenant.isOperator && campsite.id === tenant.campsiteId && (
        <Text size="sm" c="dimmed">
          {t('ownCampsiteNote')}
        </Text>
      )}
      <CampsiteSettingsTabs tenant={tenant} run={run} campsiteId={campsite.id} basePath={basePath} />
    </Stack>
  );
}
