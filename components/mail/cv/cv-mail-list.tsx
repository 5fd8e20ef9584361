import { Group, List, ListItem, Paper, Stack, Text, Title } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import { MailStatusBadge } from '@/components/mail/mail-status-badge';
import { LinkAnchor } from '@/components/ui/link-anchor';
import { LinkButton } from '@/components/ui/link-button';
import { formatDateTime } from '@/lib/format';
import type { CvMailList as CvMailListData } from '@/lib/mail/cv-mail-page';

type Props = {
  title: string;
  list: CvMailListData;
  /** The page's own path: the next page is this path with ?dopo=. */
  basePath: string;
  /** Whether a cursor is in the address: then a link back to the newest mails. */
  paged: boolean;
  /** /tracciaMail is a full-pack page: a service account following the link would be logged out. */
  canOpenThreads: boolean;
};

/** The mails under the compose form, newest first, as cards that fit a phone's width. */
export async function CvMailList({ title, list, basePath, paged, canOpenThreads }: Props) {
  const t = await getTranslations('cvMail.list');
  return (
    <Stack gap="sm" component="section" aria-labelledby="cv-mail-list-title">
      <Title order={2} size="h4" id="cv-mail-list-title">
        {title}
      </Title>
      {list.items.length === 0 ? (
        <Text c="dimmed" data-testid="cv-mail-empty">
          {t('empty')}
        </Text>
      ) : (
        <List listStyleType="none" spacing="xs" data-testid="cv-mail-list" styles={{ itemWrapper: { width: '100%' }, itemLabel: { width: '100%' } }}>
          {list.items.map((mail) => (
            <ListItem key={mail.id}>
              <Paper withBorder p="sm" radius="md">
                <Stack gap={4}>
                  <Group justify="space-between" gap="xs" wrap="wrap">
                    {canOpenThreads ? (
                      <LinkAnchor href={`/tracciaMail/${encodeURIComponent(mail.threadId)}`} fw={600} style={{ overflowWrap: 'anywhere' }}>
                        {mail.subject || t('noSubject')}
                      </LinkAnchor>
                    ) : (
                      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                        {mail.subject || t('noSubject')}
                      </Text>
                    )}
                    {mail.status && <MailStatusBadge status={mail.status} />}
                  </Group>
                  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {formatDateTime(mail.at)} · {t('to', { to: mail.recipients.join(', ') })}
                  </Text>
                </Stack>
              </Paper>
            </ListItem>
          ))}
        </List>
      )}
      <Group gap="sm">
        {paged && (
          <LinkButton href={basePath} variant="default">
            {t('first')}
          </LinkButton>
        )}
        {list.nextCursor && (
          <LinkButton href={`${basePath}?dopo=${encodeURIComponent(list.nextCursor)}`} variant="default">
            {t('more')}
          </LinkButton>
        )}
      </Group>
    </Stack>
  );
}
