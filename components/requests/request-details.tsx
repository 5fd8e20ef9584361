import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import { LabelValueTable } from '@/components/ui/label-value-table';
import type { PreviewValue, RequestPreview } from '@/lib/requests/preview';

type Row = { label: string; value: PreviewValue };

async function Section({ title, rows, testId }: { title: string; rows: Row[]; testId: string }) {
  const t = await getTranslations('quotes.requests');
  const shown = (value: PreviewValue) => (typeof value === 'boolean' ? t(value ? 'yes' : 'no') : value === null ? '—' : String(value));
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title} data-testid={testId}>
      <Title order={2} size="h4" mb="xs">
        {title}
      </Title>
      <LabelValueTable rows={rows.map((row) => ({ label: row.label, value: shown(row.value) }))} />
    </Paper>
  );
}

/** The request read top-down: stay and party, how to reach the guest, the message, the rest. */
export async function RequestDetails({ preview }: { preview: RequestPreview }) {
  const t = await getTranslations('quotes.requests');
  const f = (key: string) => t(`fields.${key}`);
  const { stay, contact } = preview;
  const rest: Row[] = [
    ...(preview.privacy === null ? [] : [{ label: f('privacy'), value: preview.privacy }]),
    ...(preview.newsletter === null ? [] : [{ label: f('newsletter'), value: preview.newsletter }]),
    ...preview.other.map((entry) => ({ label: entry.key, value: entry.value })),
  ];
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Section
          title={t('stayAndParty')}
          testId="request-stay"
          rows={[
            { label: f('arrival'), value: stay.arrival },
            { label: f('departure'), value: stay.departure },
            { label: f('nights'), value: stay.nights },
            { label: f('adults'), value: stay.adults },
            { label: f('children'), value: stay.children },
            { label: f('accommodation'), value: stay.accommodation },
          ]}
        />
        <Section
          title={t('contactData')}
          testId="request-contact"
          rows={[
            { label: f('firstName'), value: contact.firstName },
            { label: f('lastName'), value: contact.lastName },
            { label: f('email'), value: contact.email },
            { label: f('phone'), value: contact.phone },
            { label: f('nation'), value: contact.nation },
            { label: f('language'), value: contact.language },
          ]}
        />
      </SimpleGrid>
      <Paper withBorder radius="md" p="md" component="section" aria-label={t('message')}>
        <Title order={2} size="h4" mb="xs">
          {t('message')}
        </Title>
        {preview.message ? <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{preview.message}</Text> : <Text c="dimmed">{t('noMessage')}</Text>}
      </Paper>
      {rest.length > 0 && <Section title={t('payload')} testId="request-other" rows={rest} />}
    </Stack>
  );
}
