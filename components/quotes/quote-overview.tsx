import { Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import { LinkAnchor } from '@/components/ui/link-anchor';
import { formatDate } from '@/lib/format';
import type { QuoteDetail } from '@/lib/quotes/detail';
import { contactDisplayName as contactName } from '@/lib/contacts/display';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      {/* A guest's long e-mail address wraps inside its column instead of widening a phone's page. */}
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/** Guest, owner, dates, tags and the outcome (acceptance, refusal, booking) of a quote. */
export async function QuoteOverview({ detail, languageName }: { detail: QuoteDetail; languageName: string | null }) {
  const t = await getTranslations('quotes.detail');
  const { quote, contact } = detail;
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="md">
        <Field label={t('guest')}>
          <LinkAnchor href={`/clienti/${contact.id}`}>{contactName(contact)}</LinkAnchor>
          {contact.email && (
            <Text size="xs" c="dimmed">
              {contact.email}
            </Text>
          )}
        </Field>
        <Field label={t('language')}>{languageName ?? '—'}</Field>
        <Field label={t('createdAt')}>{formatDate(quote.createdAt)}</Field>
        <Field label={t('validUntil')}>{quote.validUntil ? formatDate(quote.validUntil) : '—'}</Field>
        <Field label={t('owner')}>{detail.owner?.name ?? '—'}</Field>
      </SimpleGrid>
      {quote.tags.length > 0 && (
        <Group gap={6} aria-label={t('tags')}>
          {quote.tags.map((tag) => (
            <Badge key={tag} variant="outline" color="gray">
              {tag}
            </Badge>
          ))}
        </Group>
      )}
      {quote.acceptedCardIdx !== null && <Text size="sm">{t('accepted', { idx: quote.acceptedCardIdx + 1 })}</Text>}
      {quote.bookingNumber && (
        <Text size="sm" fw={600} data-testid="booking-number">
          {t('booking')}: {t('bookingNumber', { number: quote.bookingNumber, year: quote.bookingYear ?? '' })}
        </Text>
      )}
      {quote.refusalReason && (
        <Text size="sm">
          {t('refusal')}: {quote.refusalReason}
        </Text>
      )}
    </Stack>
  );
}
