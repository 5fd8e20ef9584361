'use client';

import {
  ActionIcon,
  Button,
  EmptyState,
  EmptyStateDescription,
  EmptyStateTitle,
  Group,
  Stack,
  TableTbody,
  TableTd,
  TableTh,
  TableThead,
  TableTr,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUserMinus, IconUsers } from '@tabler/icons-react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { LinkAnchor } from '@/components/ui/link-anchor';
import { cardCell, ResponsiveTable } from '@/components/ui/responsive-table';
import type { ActionResult } from '@/lib/actions';
import { formatDate, formatNumber } from '@/lib/format';
import type { ListMember } from '@/lib/lists/members';
import type { Page } from '@/lib/pagination';
import { MemberStateBadge } from './member-state-badge';

type MemberPage = Page<ListMember> & { total: number | null };

type Props = {
  listId: string;
  listName: string;
  initial: MemberPage;
  loadAction: (input: { listId: string; cursor?: string | null }) => Promise<ActionResult<MemberPage>>;
  removeAction: (input: { listId: string; contactId: string }) => Promise<ActionResult<{ memberCount: number }>>;
};

const nameOf = (member: ListMember) => [member.lastName, member.firstName].filter(Boolean).join(' ');

/** The members, newest first; "Carica altri" reads the next keyset page; a member is removed after a confirmation. */
export function MembersPanel({ listId, listName, initial, loadAction, removeAction }: Props) {
  const t = useTranslations('lists');
  const router = useRouter();
  const [items, setItems] = useState(initial.items);
  const [cursor, setCursor] = useState(initial.nextCursor);
  const [total, setTotal] = useState(initial.total ?? 0);
  const [loading, startLoading] = useTransition();
  const [removing, setRemoving] = useState<ListMember | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const [pendingRemove, startRemove] = useTransition();

  const loadMore = () =>
    startLoading(async () => {
      const answer = await loadAction({ listId, cursor });
      if (!answer.ok) {
        notifications.show({ color: 'red', message: answer.error, autoClose: 5000 });
        return;
      }
      setItems((shown) => [...shown, ...answer.data.items.filter((item) => !shown.some((s) => s.contactId === item.contactId))]);
      setCursor(answer.data.nextCursor);
      if (answer.data.total !== null) setTotal(answer.data.total);
    });

  const closeRemove = () => {
    if (pendingRemove) return;
    setRemoving(null);
    setRemoveError(null);
  };
  const confirmRemove = () =>
    startRemove(async () => {
      if (!removing) return;
      const answer = await removeAction({ listId, contactId: removing.contactId });
      if (!answer.ok) {
        setRemoveError(answer.error);
        return;
      }
      setItems((shown) => shown.filter((item) => item.contactId !== removing.contactId));
      setTotal(answer.data.memberCount);
      setRemoving(null);
      notifications.show({ color: 'teal', message: t('members.removed'), autoClose: 3000 });
      router.refresh();
    });

  if (items.length === 0 && !cursor) {
    return (
      <EmptyState icon={<IconUsers size={32} aria-hidden />} withIndicatorBackground py="xl" data-testid="members-empty">
        <EmptyStateTitle order={3}>{t('members.emptyTitle')}</EmptyStateTitle>
        <EmptyStateDescription>{t('members.emptyText')}</EmptyStateDescription>
      </EmptyState>
    );
  }

  return (
    <Stack gap="sm">
      {/* A table from the sm breakpoint up, a card per member on a phone (the remove button at its foot). */}
      <ResponsiveTable minWidth={640} striped highlightOnHover verticalSpacing="xs" aria-label={t('members.label')} data-testid="members-table">
        <TableThead>
          <TableTr>
            <TableTh scope="col">{t('members.name')}</TableTh>
            <TableTh scope="col">{t('members.email')}</TableTh>
            <TableTh scope="col">{t('members.state')}</TableTh>
            <TableTh scope="col">{t('members.added')}</TableTh>
            <TableTh scope="col">
              <VisuallyHidden>{t('members.remove')}</VisuallyHidden>
            </TableTh>
          </TableTr>
        </TableThead>
        <TableTbody>
          {items.map((member) => {
            const name = nameOf(member) || member.email || t('members.noName');
            return (
              <TableTr key={member.contactId} data-testid="member-row">
                <TableTd {...cardCell(null, 'primary')}>
                  <LinkAnchor href={`/clienti/${member.contactId}`} fw={600}>
                    {name}
                  </LinkAnchor>
                </TableTd>
                <TableTd {...cardCell(t('members.email'))} style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm">{member.email ?? ''}</Text>
                </TableTd>
                <TableTd {...cardCell(null, 'badge')}>
                  <MemberStateBadge state={member.state} />
                </TableTd>
                <TableTd {...cardCell(t('members.added'), 'short')} style={{ whiteSpace: 'nowrap' }}>
                  {formatDate(member.addedAt)}
                </TableTd>
                <TableTd {...cardCell(null, 'actions')} ta="right">
                  <Tooltip label={t('members.remove')}>
                    <ActionIcon variant="subtle" color="red" onClick={() => setRemoving(member)} aria-label={t('members.removeLabel', { name })}>
                      <IconUserMinus size={18} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                </TableTd>
              </TableTr>
            );
          })}
        </TableTbody>
      </ResponsiveTable>
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed" aria-live="polite" data-testid="members-shown">
          {t('members.shown', { shown: formatNumber(items.length), total: formatNumber(total) })}
        </Text>
        {cursor && (
          <Button variant="default" onClick={loadMore} loading={loading} data-testid="members-load-more">
            {t('members.loadMore')}
          </Button>
        )}
      </Group>
      <ConfirmModal
        opened={removing !== null}
        title={t('members.removeTitle')}
        message={t('members.removeText', { name: removing ? nameOf(removing) || removing.email || t('members.noName') : '', list: listName })}
        confirmLabel={t('delete.confirm')}
        cancelLabel={t('delete.cancel')}
        closeLabel={t('delete.close')}
        danger
        pending={pendingRemove}
        error={removeError}
        confirmTestId="member-remove-confirm"
        onConfirm={confirmRemove}
        onClose={closeRemove}
      />
    </Stack>
  );
}
