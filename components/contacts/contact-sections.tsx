import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, TableTbody, TableTd, TableTh, TableThead, TableTr, Text, Title } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { ProgressTag } from '@/components/quotes/progress-tag';
import { LinkAnchor } from '@/components/ui/link-anchor';
import { cardCell, ResponsiveTable } from '@/components/ui/responsive-table';
import type { TagDefinition } from '@/lib/vocabulary/campsite-shapes';
import type { ContactDetail } from '@/lib/contacts/detail';
import { formatDate } from '@/lib/format';

function Section({ title, count, children, testId }: { title: string; count?: string; children: ReactNode; testId: string }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-label={title} data-testid={testId}>
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        {count && (
          <Text size="sm" c="dimmed">
            {count}
          </Text>
        )}
      </Group>
      {children}
    </Paper>
  );
}

function Field({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div style={wide ? { gridColumn: '1 / -1' } : undefined}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="div" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
        {children}
      </Text>
    </div>
  );
}

export function ContactTags({ tags, definitions }: { tags: string[]; definitions: TagDefinition[] }) {
  const colours = new Map(definitions.map((tag) => [tag.name, tag.color]));
  return (
    <Group gap={6}>
      {tags.map((tag) => (
        // A tag's colour is any hex the campsite picked: as a dot beside dark text it never has to carry the contrast.
        <Badge key={tag} variant="dot" color={colours.get(tag) ?? 'gray'} tt="none" radius="sm">
          {tag}
        </Badge>
      ))}
    </Group>
  );
}

export async function ContactDataSection({ detail, tagDefinitions }: { detail: ContactDetail; tagDefinitions: TagDefinition[] }) {
  const t = await getTranslations('contacts');
  const { contact } = detail;
  const none = t('detail.notSet');
  const phone = contact.phone ? [contact.phonePrefix, contact.phone].filter(Boolean).join(' ') : '';
  return (
    <Section title={t('detail.data')} testId="contact-data">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" verticalSpacing="sm">
        <Field label={t('fields.email')}>{contact.email ? <Anchor href={`mailto:${contact.email}`}>{contact.email}</Anchor> : none}</Field>
        <Field label={t('fields.phone')}>{phone ? <Anchor href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</Anchor> : none}</Field>
        <Field label={t('fields.language')}>{contact.languageName ?? none}</Field>
        <Field label={t('fields.nation')}>{contact.nationName ?? none}</Field>
        <Field label={t('fields.city')}>{[contact.postalCode, contact.city].filter(Boolean).join(' ') || none}</Field>
        <Field label={t('fields.address')}>{contact.address ?? none}</Field>
        <Field label={t('fields.tags')} wide>
          {contact.tags.length ? <ContactTags tags={contact.tags} definitions={tagDefinitions} /> : none}
        </Field>
        <Field label={t('fields.notes')} wide>
          {contact.notes ?? none}
        </Field>
        {contact.newsletterOptOutAt && (
          <Field label="" wide>
            <Text c="orange.9" size="sm">
              {t('detail.newsletterOptOut', { date: formatDate(contact.newsletterOptOutAt) })}
            </Text>
          </Field>
        )}
      </SimpleGrid>
    </Section>
  );
}

export async function ContactQuotesSection({ detail }: { detail: ContactDetail }) {
  const [t, tp] = await Promise.all([getTranslations('contacts'), getTranslations('progress')]);
  const { quotes, quoteCount } = detail;
  return (
    <Section title={t('detail.quotes')} count={quoteCount ? t('detail.quotesCount', { count: quoteCount }) : undefined} testId="contact-quotes">
      {quotes.length === 0 ? (
        <Text c="dimmed">{t('detail.quotesEmpty')}</Text>
      ) : (
        <Stack gap="xs">
          <ResponsiveTable minWidth={560} highlightOnHover verticalSpacing="xs" aria-label={t('detail.quotes')}>
            <TableThead>
              <TableTr>
                <TableTh scope="col">{t('detail.quoteName')}</TableTh>
                <TableTh scope="col">{t('detail.quoteProgress')}</TableTh>
                <TableTh scope="col">{t('detail.quoteCreated')}</TableTh>
                <TableTh scope="col">{t('detail.quoteValidUntil')}</TableTh>
              </TableTr>
            </TableThead>
            <TableTbody>
              {quotes.map((quote) => (
                <TableTr key={quote.id}>
                  <TableTd {...cardCell(null, 'primary')}>
                    <LinkAnchor href={`/preventivi/${quote.id}`}>{quote.name}</LinkAnchor>
                  </TableTd>
                  <TableTd {...cardCell(null, 'badge')}>
                    <div style={{ minWidth: 'max-content' }}>
                      <ProgressTag progress={quote.progress} label={tp(quote.progress)} />
                    </div>
                  </TableTd>
                  <TableTd {...cardCell(t('detail.quoteCreated'), 'short')} style={{ whiteSpace: 'nowrap' }}>
                    {formatDate(quote.createdAt)}
                  </TableTd>
                  <TableTd {...cardCell(t('detail.quoteValidUntil'), 'short')} style={{ whiteSpace: 'nowrap' }}>
                    {quote.validUntil ? formatDate(quote.validUntil) : t('detail.notSet')}
                  </TableTd>
                </TableTr>
              ))}
            </TableTbody>
          </ResponsiveTable>
          {quoteCount > quotes.length && (
            <Text size="sm" c="dimmed">
              {t('detail.quotesMore', { shown: quotes.length, count: quoteCount })}
            </Text>
          )}
        </Stack>
      )}
    </Section>
  );
}

export async function ContactListsSection({ detail }: { detail: ContactDetail }) {
  const t = await getTranslations('contacts');
  return (
    <Section title={t('detail.lists')} testId="contact-lists">
      {detail.lists.length === 0 ? (
        <Text c="dimmed">{t('detail.listsEmpty')}</Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {detail.lists.map((list) => (
            <li key={list.id}>
              <LinkAnchor href={`/mailing/${list.id}`} fw={600}>
                {list.name}
              </LinkAnchor>
              <Text size="sm" c={list.unsubscribedAt ? 'orange.8' : 'dimmed'}>
                {list.unsubscribedAt
                  ? t('detail.listUnsubscribed', { date: formatDate(list.unsubscribedAt) })
                  : t('detail.listSince', { date: formatDate(list.addedAt) })}
              </Text>
            </li>
          ))}
        </Stack>
      )}
    </Section>
  );
}
