import { Alert, Group, Paper, SimpleGrid, Stack, Table, TableTbody, TableTd, TableTh, TableTr, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ProgressTag } from '@/components/quotes/progress-tag';
import { contactDisplayName as contactName } from '@/lib/contacts/display';
import { PageContainer } from '@/components/shell/page-container';
import { LinkAnchor } from '@/components/ui/link-anchor';
import { LinkButton } from '@/components/ui/link-button';
import { requireStaff } from '@/lib/auth/staff';
import { formatDateTime } from '@/lib/format';
import { quoteDetailOr404 } from '@/lib/quotes/page-loaders';
import { staffRead } from '@/lib/auth/staff-read';

type Params = { idPreventivo: string; clienteID?: string };

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('quotes.requests'))('previewTitle') };
}

const italian = (iso: string | null) => (iso ? iso.split('-').reverse().join('/') : '—');

/** A guest's request as they sent it, and the two ways forward: prepare the quote or refuse. */
export default async function RequestPreviewPage({ params }: { params: Promise<Params> }) {
  const tenant = await requireStaff();
  const { idPreventivo, clienteID } = await params;
  const detail = await staffRead(tenant, (db) => quoteDetailOr404(db, tenant, idPreventivo, clienteID));
  const [t, tp] = await Promise.all([getTranslations('quotes.requests'), getTranslations('progress')]);
  const { quote, contact, request } = detail;
  const open = quote.progress === 'richiesta';
  const shown = (value: unknown) => (typeof value === 'boolean' ? t(value ? 'yes' : 'no') : value === null || value === undefined ? '—' : String(value));
  return (
    <PageContainer>
      <Stack gap="lg" maw={900}>
        <LinkAnchor href="/richieste" size="sm">
          ← {t('title')}
        </LinkAnchor>
        <Group justify="space-between" align="flex-start">
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
              {t('previewTitle')}
            </Text>
            <Group gap="sm">
              <Title order={1} size="h2">
                {contactName(contact)}
              </Title>
              <ProgressTag progress={quote.progress} label={tp(quote.progress)} />
            </Group>
            {request && <Text c="dimmed">{formatDateTime(request.createdAt)}</Text>}
          </div>
          <Group gap="xs">
            {open ? (
              <>
                <LinkButton href={`/preventivo/edit/${quote.id}`}>{t('prepare')}</LinkButton>
                <LinkButton href={`/richieste/refuse/${quote.id}`} variant="default">
                  {t('refuse')}
                </LinkButton>
              </>
            ) : (
              <LinkButton href={`/crea-preventivo/preview/${contact.id}/${quote.id}`} variant="light">
                {(await getTranslations('quotes.drawer'))('openPreview')}
              </LinkButton>
            )}
          </Group>
        </Group>
        {!request ? (
          <Alert color="orange">{t('notARequest')}</Alert>
        ) : (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Paper withBorder radius="md" p="md">
              <Text fw={700}>{t('stay')}</Text>
              <Text>
                {italian(request.arrival)} – {italian(request.departure)}
              </Text>
              <Text fw={700} mt="md">
                {t('message')}
              </Text>
              <Text style={{ whiteSpace: 'pre-wrap' }}>{request.message || '—'}</Text>
            </Paper>
            <Paper withBorder radius="md" p="md">
              <Text fw={700} mb="xs">
                {t('payload')}
              </Text>
              <Table fz="sm" verticalSpacing={4}>
                <TableTbody>
                  {Object.entries(request.payload).map(([key, value]) => (
                    <TableTr key={key}>
                      <TableTh w="40%">{key}</TableTh>
                      <TableTd style={{ wordBreak: 'break-word' }}>{shown(value)}</TableTd>
                    </TableTr>
                  ))}
                </TableTbody>
              </Table>
            </Paper>
          </SimpleGrid>
        )}
      </Stack>
    </PageContainer>
  );
}
