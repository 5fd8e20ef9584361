'use client';

import { Alert, Badge, Button, Group, Stack, Table, TableScrollContainer, TableTbody, TableTd, TableTh, TableThead, TableTr, Text } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { MailStatusBadge } from '@/components/mail/mail-status-badge';
import { LinkAnchor } from '@/components/ui/link-anchor';
import type { ActionResult } from '@/lib/actions';
import type { TimelineRow, TimelineRowsPage } from '../../lib/mailbox/timeline-rows';

export type LoadMoreMails = (input: { contactId: string; cursor: string }) => Promise<ActionResult<TimelineRowsPage>>;

function Direction({ row }: { row: TimelineRow }) {
  const tc = useTranslations('contacts.detail');
  const t = useTranslations('mailboxSettings.timeline');
  if (row.kind === 'traccia') return <>{row.direction === 'in' ? tc('mailIn') : tc('mailOut')}</>;
  return (
    <Badge variant="filled" color={row.direction === 'in' ? 'grape.9' : 'blue.9'} tt="none" radius="sm" miw="max-content">
      {row.direction === 'in' ? t('reply') : t('fromMailbox')}
    </Badge>
  );
}

function Status({ row }: { row: TimelineRow }) {
  const tc = useTranslations('contacts.detail');
  const t = useTranslations('mailboxSettings.timeline');
  if (row.status) return <MailStatusBadge status={row.status} />;
  if (row.unread) {
    return (
      <Badge variant="filled" color="blue.9" tt="none" radius="sm" miw="max-content">
        {t('unread')}
      </Badge>
    );
  }
  return <>{tc('notSet')}</>;
}

/** The contact's mails and the guest's answers from the mailbox, newest first, a page at a time. */
export function ContactMailTimeline({ contactId, first, loadMore }: { contactId: string; first: TimelineRowsPage; loadMore: LoadMoreMails }) {
  const tc = useTranslations('contacts.detail');
  const t = useTranslations('mailboxSettings.timeline');
  const [rows, setRows] = useState(first.rows);
  const [cursor, setCursor] = useState(first.nextCursor);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const more = () =>
    startTransition(async () => {
      if (!cursor) return;
      const answer = await loadMore({ contactId, cursor });
      if (!answer.ok) {
        setError(answer.error);
        return;
      }
      setError(null);
      setRows((current) => [...current, ...answer.data.rows.filter((row) => !current.some((held) => held.key === row.key))]);
      setCursor(answer.data.nextCursor);
    });
  if (rows.length === 0) return <Text c="dimmed">{tc('mailsEmpty')}</Text>;
  return (
    <Stack gap="xs">
      <TableScrollContainer minWidth={0} type="native">
        <Table verticalSpacing="xs" highlightOnHover>
          <TableThead>
            <TableTr>
              <TableTh scope="col" visibleFrom="sm">
                {tc('mailDate')}
              </TableTh>
              <TableTh scope="col">{tc('mailSubject')}</TableTh>
              <TableTh scope="col" visibleFrom="sm">
                {tc('mailDirection')}
              </TableTh>
              <TableTh scope="col" visibleFrom="sm">
                {tc('mailStatus')}
              </TableTh>
            </TableTr>
          </TableThead>
          <TableTbody>
            {rows.map((row) => (
              <TableTr key={row.key} data-kind={row.kind}>
                <TableTd style={{ whiteSpace: 'nowrap' }} visibleFrom="sm">
                  {row.date}
                </TableTd>
                <TableTd>
                  <LinkAnchor href={row.link} size="sm">
                    {row.subject || tc('noSubject')}
                  </LinkAnchor>
                  {row.kind === 'casella' && row.direction === 'in' && row.from && (
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {t('from', { from: row.fromName ? `${row.fromName} <${row.from}>` : row.from })}
                    </Text>
                  )}
                  {/* On a phone the other columns are hidden: date, kind and status under the subject. */}
                  <Group gap={6} mt={4} hiddenFrom="sm" data-testid="mail-row-phone-meta">
                    <Text size="xs" c="dimmed" component="span">
                      {row.date} ·
                    </Text>
                    <Direction row={row} />
                    <Status row={row} />
                  </Group>
                </TableTd>
                <TableTd visibleFrom="sm">
                  <Direction row={row} />
                </TableTd>
                <TableTd visibleFrom="sm">
                  <Status row={row} />
                </TableTd>
              </TableTr>
            ))}
          </TableTbody>
        </Table>
      </TableScrollContainer>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {cursor && (
        <Button variant="subtle" onClick={more} loading={pending} w="fit-content">
          {t('more')}
        </Button>
      )}
    </Stack>
  );
}
