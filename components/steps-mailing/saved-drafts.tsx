'use client';

import { Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { formatDateTime } from '@/lib/format';
import type { DraftSummary, StepsMailingActions } from './types';

type Props = { drafts: DraftSummary[]; currentDraftId: string | null; deleteDraft: StepsMailingActions['deleteDraft'] };

/** The campsite's saved drafts, newest first: resume one, or delete it after a confirmation. */
export function SavedDrafts({ drafts, currentDraftId, deleteDraft }: Props) {
  const t = useTranslations('stepsMailing');
  const router = useRouter();
  const [deleting, setDeleting] = useState<DraftSummary | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const subjectOf = (draft: DraftSummary) => draft.subject || t('drafts.noSubject');

  const confirmDelete = () => {
    if (!deleting) return;
    startTransition(async () => {
      const result = await deleteDraft({ id: deleting.id });
      if (!result.ok) {
        setError(result.error);
        return;
      }
      setDeleting(null);
      setError(null);
      notifications.show({ color: 'teal', message: t('drafts.deleted'), autoClose: 3000, closeButtonProps: { 'aria-label': t('close') } });
      if (deleting.id === currentDraftId) router.replace('/stepsMailing');
      else router.refresh();
    });
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="saved-drafts-title">
      <Title order={2} size="h4" id="saved-drafts-title">
        {t('drafts.title')}
      </Title>
      {drafts.length === 0 ? (
        <Text c="dimmed">{t('drafts.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped verticalSpacing="xs" data-testid="saved-drafts">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('drafts.subject')}</Table.Th>
                <Table.Th>{t('drafts.list')}</Table.Th>
                <Table.Th>{t('drafts.step')}</Table.Th>
                <Table.Th>{t('drafts.saved')}</Table.Th>
                <Table.Th>{t('drafts.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {drafts.map((draft) => (
                <Table.Tr key={draft.id}>
                  <Table.Td>
                    {subjectOf(draft)}{' '}
                    {draft.id === currentDraftId && (
                      <Badge variant="outline" size="sm">
                        {t('drafts.current')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{draft.listName ?? t('drafts.noList')}</Table.Td>
                  <Table.Td>{t(`steps.${draft.step}`)}</Table.Td>
                  <Table.Td>{formatDateTime(new Date(draft.savedAt))}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        component={Link}
                        href={`/stepsMailing?bozza=${encodeURIComponent(draft.id)}`}
                        size="xs"
                        variant="default"
                        leftSection={<IconPlayerPlay size={14} aria-hidden />}
                        aria-label={t('drafts.resumeLabel', { subject: subjectOf(draft) })}
                      >
                        {t('drafts.resume')}
                      </Button>
                      <Button
                        size="xs"
                        variant="default"
                        color="red"
                        leftSection={<IconTrash size={14} aria-hidden />}
                        onClick={() => setDeleting(draft)}
                        aria-label={t('drafts.deleteLabel', { subject: subjectOf(draft) })}
                      >
                        {t('drafts.delete')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ConfirmModal
        opened={deleting !== null}
        title={t('drafts.deleteTitle')}
        message={deleting ? t('drafts.deleteText', { subject: subjectOf(deleting) }) : ''}
        confirmLabel={t('summary.confirm')}
        cancelLabel={t('summary.cancel')}
        closeLabel={t('summary.cancel')}
        danger
        pending={pending}
        error={error}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
