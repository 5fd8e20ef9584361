'use client';

import { ActionIcon, Anchor, Button, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconX } from '@tabler/icons-react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { linkThreadAction, searchGuestsAction, unlinkThreadContactAction } from '@/app/(staff)/mail/actions';
import { FormError } from '@/components/ui/form-error';
import type { ActionResult } from '@/lib/actions';
import type { GuestChoice, QuoteChoice } from '@/lib/mailbox/link-choices';

type Props = {
  threadId: string;
  guests: GuestChoice[];
  quote: { id: string; name: string; contactId: string } | null;
  /** The linked guests' quotes, the ones the conversation may be linked to. */
  quoteChoices: QuoteChoice[];
};

/** The guests and the quote of a conversation: shown as links, linked and unlinked by hand. */
export function LinkPanel({ threadId, guests, quote, quoteChoices }: Props) {
  const t = useTranslations('mailbox');
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [found, setFound] = useState<GuestChoice[] | null>(null);
  const [chosenQuote, setChosenQuote] = useState<string | null>(null);

  const run = <R,>(action: () => Promise<ActionResult<R>>, message: string, then?: (data: R) => void) =>
    startTransition(async () => {
      const answer = await action();
      if (!answer.ok) return setError(answer.fieldErrors ? Object.values(answer.fieldErrors)[0] : answer.error);
      setError(null);
      if (message) notifications.show({ color: 'teal', message, autoClose: 3000 });
      then?.(answer.data);
      router.refresh();
    });

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="collegamenti">
      <Stack gap="sm">
        <Title order={2} size="h4" id="collegamenti">
          {t('link.title')}
        </Title>
        <div>
          <Text size="sm" fw={600}>
            {t('thread.guests')}
          </Text>
          {guests.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('thread.noGuests')}
            </Text>
          )}
          {guests.map((guest) => (
            <Group key={guest.id} gap={4} wrap="nowrap">
              <Anchor component={Link} href={`/clienti/${guest.id}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {guest.name}
                {guest.email && guest.email !== guest.name ? ` (${guest.email})` : ''}
              </Anchor>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={t('link.unlinkGuest', { name: guest.name })}
                disabled={pending}
                onClick={() =>
                  run(
                    () =>
                      unlinkThreadContactAction({
                        threadId,
                        contactId: guest.id,
                      }),
                    t('link.unlinked'),
                  )
                }
              >
                <IconX size={14} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
        </div>
        <div>
          <Text size="sm" fw={600}>
            {t('thread.quote')}
          </Text>
          {quote ? (
            <Group gap={4} wrap="nowrap">
              <Anchor component={Link} href={`/crea-preventivo/preview/${quote.contactId}/${quote.id}`} size="sm">
                {quote.name}
              </Anchor>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={t('link.unlinkQuote')}
                disabled={pending}
                onClick={() => run(() => linkThreadAction({ threadId, quoteId: null }), t('link.unlinked'))}
              >
                <IconX size={14} aria-hidden />
              </ActionIcon>
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              {t('thread.noQuote')}
            </Text>
          )}
        </div>
        {quoteChoices.length > 0 && (
          <Group gap="xs" align="flex-end" wrap="wrap">
            <Select
              label={t('link.chooseQuote')}
              data={quoteChoices.map((choice) => ({
                value: choice.id,
                label: choice.name,
              }))}
              value={chosenQuote}
              onChange={setChosenQuote}
              style={{ flex: 1, minWidth: 160 }}
            />
            <Button variant="default" disabled={!chosenQuote || pending} onClick={() => run(() => linkThreadAction({ threadId, quoteId: chosenQuote }), t('link.linked'))}>
              {t('link.linkQuote')}
            </Button>
          </Group>
        )}
        <form
          onSubmit={(event) => {
            event.preventDefault();
            run(() => searchGuestsAction({ search }), '', setFound);
          }}
        >
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              type="search"
              label={t('link.searchGuest')}
              placeholder={t('link.searchHint')}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              style={{ flex: 1, minWidth: 0 }}
            />
            <Button type="submit" variant="default" loading={pending}>
              {t('search.submit')}
            </Button>
          </Group>
        </form>
        {found && found.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('link.noGuests')}
          </Text>
        )}
        {found?.map((guest) => (
          <Group key={guest.id} justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
              {guest.name}
              {guest.email && guest.email !== guest.name ? ` (${guest.email})` : ''}
            </Text>
            <Button
              size="compact-sm"
              variant="light"
              disabled={pending}
              onClick={() =>
                run(
                  () => linkThreadAction({ threadId, contactId: guest.id }),
                  t('link.linked'),
                  () => setFound(null),
                )
              }
            >
              {t('link.linkGuest')}
            </Button>
          </Group>
        ))}
        <FormError message={error} />
      </Stack>
    </Paper>
  );
}
