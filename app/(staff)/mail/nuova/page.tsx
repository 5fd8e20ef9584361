import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { LinkAnchor } from '@/components/ui/link-anchor';
import { ComposeForm } from '@/components/mailbox/compose-form';
import { PageContainer } from '@/components/shell/page-container';
import { staffPage } from '@/lib/context/staff';
import { composeContext } from '@/lib/mailbox/link-choices';
import { findMailbox } from '@/lib/mailbox/mailbox-row';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('mailbox'))('compose.title') };
}

type Search = { a?: string; cliente?: string; preventivo?: string };
const one = (value: unknown) => (typeof value === 'string' ? value.slice(0, 500) : '');

/** A new mail from the campsite's mailbox; ?a= fills the address, ?cliente= and ?preventivo= link it. */
export default async function NewMailPage({ searchParams }: { searchParams: Promise<Search> }) {
  const { run } = await staffPage({ packLevel: 0 });
  const params = await searchParams;
  const t = await getTranslations('mailbox');
  const [mailbox, context] = await run((ctx) =>
    Promise.all([
      findMailbox(ctx),
      composeContext(ctx, { contactId: one(params.cliente) || null, quoteId: one(params.preventivo) || null }),
    ]),
  );
  const to = one(params.a) || context.guest?.email || '';
  return (
    <PageContainer>
      <Stack gap="md">
        <LinkAnchor href="/mail" size="sm">
          ← {t('compose.back')}
        </LinkAnchor>
        <Title order={1} size="h2">
          {t('compose.title')}
        </Title>
        {!mailbox ? (
          <Alert color="blue">
            {t('state.unbound')} <LinkAnchor href="/manageGmail">{t('state.unboundLink')}</LinkAnchor>
          </Alert>
        ) : mailbox.status === 'reconnect' ? (
          <Alert color="red" title={t('state.reconnect')}>
            <LinkAnchor href="/manageGmail">{t('state.reconnectLink')}</LinkAnchor>
          </Alert>
        ) : (
          <Paper withBorder p="md">
            {context.guest && (
              <Text size="sm" c="dimmed" mb="sm">
                {t('compose.linkedGuest', { name: context.guest.name })}
                {context.quote ? ` ${t('compose.linkedQuote', { name: context.quote.name })}` : ''}
              </Text>
            )}
            <ComposeForm to={to} contactId={context.guest?.id ?? null} quoteId={context.quote?.id ?? null} />
          </Paper>
        )}
      </Stack>
    </PageContainer>
  );
}
