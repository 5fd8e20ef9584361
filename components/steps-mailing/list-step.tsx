'use client';

import { Anchor, Radio, Stack, Text } from '@mantine/core';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { SavedDrafts } from './saved-drafts';
import type { DraftSummary, ListChoice, StepsMailingActions } from './types';

type Props = {
  lists: ListChoice[];
  value: string | null;
  onChange: (id: string) => void;
  error?: string;
  drafts: DraftSummary[];
  currentDraftId: string | null;
  deleteDraft: StepsMailingActions['deleteDraft'];
};

/** Step one: the list, each with how many of its members would receive the newsletter; or a saved draft to resume. */
export function ListStep({ lists, value, onChange, error, drafts, currentDraftId, deleteDraft }: Props) {
  const t = useTranslations('stepsMailing');
  return (
    <Stack gap="xl" pt="md">
      {lists.length === 0 ? (
        <Text>
          {t('list.empty')}{' '}
          <Anchor component={Link} href="/mailing">
            {t('list.emptyLink')}
          </Anchor>
        </Text>
      ) : (
        <Radio.Group value={value} onChange={onChange} label={t('list.legend')} error={error} withAsterisk>
          <Stack gap="sm" mt="xs">
            {lists.map((list) => (
              <Radio
                key={list.id}
                value={list.id}
                label={list.name}
                description={`${t('list.recipients', { count: list.recipients })}${list.description ? ` · ${list.description}` : ''}`}
              />
            ))}
          </Stack>
        </Radio.Group>
      )}
      <SavedDrafts drafts={drafts} currentDraftId={currentDraftId} deleteDraft={deleteDraft} />
    </Stack>
  );
}
