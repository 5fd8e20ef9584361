'use client';

import { ActionIcon, Alert, Anchor, Drawer, Group, Loader, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconFileText } from '@tabler/icons-react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { RecentQuote } from '@/lib/quotes/recent';
import { ProgressTag } from './progress-tag';
import { displayQuoteName } from './quote-name';
import styles from './recent-quotes-drawer.module.css';

type Answer = { items: RecentQuote[]; nextCursor: string | null };
type Loaded = { index: number; answer: Answer } | { index: number; error: string };

const pageUrl = (cursor: string | null) => (cursor ? `/preventivi/recenti?dopo=${encodeURIComponent(cursor)}` : '/preventivi/recenti');

/**
 * "Preventivi recenti" (spec section 2's quotes side drawer): the campsite's quotes newest first,
 * a page at a time. The chevrons walk the keyset pages: the cursors of the pages already seen are
 * kept, so going back asks for the same page again rather than counting rows.
 */
export function RecentQuotesDrawer() {
  const t = useTranslations('quotes.recent');
  const tq = useTranslations('quotes');
  const tp = useTranslations('progress');
  const router = useRouter();
  const [opened, setOpened] = useState(false);
  // cursors[i] opens page i; page 0 has none.
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const [index, setIndex] = useState(0);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const request = useRef<AbortController | null>(null);

  const load = useCallback(async (pageIndex: number, cursor: string | null) => {
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    try {
      const response = await fetch(pageUrl(cursor), { cache: 'no-store', signal: controller.signal, headers: { accept: 'application/json' } });
      const body = response.headers.get('content-type')?.includes('application/json') ? ((await response.json()) as Answer | { error: string }) : null;
      if (controller.signal.aborted) return;
      if (!response.ok || !body || 'error' in body) setLoaded({ index: pageIndex, error: body && 'error' in body ? body.error : t('error') });
      else setLoaded({ index: pageIndex, answer: body });
    } catch {
      if (!controller.signal.aborted) setLoaded({ index: pageIndex, error: t('error') });
    }
  }, [t]);

  useEffect(() => () => request.current?.abort(), []);

  const open = () => {
    setCursors([null]);
    setIndex(0);
    setLoaded(null);
    setOpened(true);
    // A fresh look at the first page each time: quotes come in all day.
    void load(0, null);
  };
  const go = (pageIndex: number, cursor: string | null) => {
    setIndex(pageIndex);
    void load(pageIndex, cursor);
  };
  const answer = loaded && loaded.index === index && 'answer' in loaded ? loaded.answer : null;
  const error = loaded && loaded.index === index && 'error' in loaded ? loaded.error : null;
  const loading = !answer && !error;
  const next = () => {
    if (!answer?.nextCursor) return;
    const cursor = answer.nextCursor;
    setCursors((known) => [...known.slice(0, index + 1), cursor]);
    go(index + 1, cursor);
  };
  const previous = () => index > 0 && go(index - 1, cursors[index - 1]);
  const openQuote = (quote: RecentQuote) => {
    setOpened(false);
    router.push(quote.href);
  };

  return (
    <>
      <Tooltip label={t('title')}>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('title')} aria-haspopup="dialog" onClick={open} data-testid="recent-quotes-button">
          <IconFileText size={22} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Drawer
        opened={opened}
        onClose={() => setOpened(false)}
        position="right"
        size="min(440px, 100vw)"
        title={t('title')}
        closeButtonProps={{ 'aria-label': t('close') }}
        data-testid="recent-quotes"
      >
        <Stack gap="sm">
          <Group justify="space-between" wrap="nowrap">
            <Tooltip label={t('previous')}>
              <ActionIcon variant="subtle" aria-label={t('previous')} disabled={index === 0 || loading} onClick={previous}>
                <IconChevronLeft size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Text size="sm" c="dimmed" aria-live="polite">
              {t('page', { page: index + 1 })}
            </Text>
            <Tooltip label={t('next')}>
              <ActionIcon variant="subtle" aria-label={t('next')} disabled={!answer?.nextCursor || loading} onClick={next}>
                <IconChevronRight size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
          {loading && (
            <Group justify="center" py="xl">
              <Loader size="md" aria-label={t('loading')} role="status" />
            </Group>
          )}
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          {answer && answer.items.length === 0 && <Text c="dimmed">{t('empty')}</Text>}
          {answer && answer.items.length > 0 && (
            <ul className={styles.list} aria-label={t('listLabel', { page: index + 1 })}>
              {answer.items.map((quote) => (
                <li key={quote.id}>
                  <UnstyledButton className={styles.item} onClick={() => openQuote(quote)} data-testid="recent-quote">
                    <Group justify="space-between" wrap="nowrap" gap="xs">
                      <Text fw={600} size="sm" truncate>
                        {displayQuoteName(quote.name, tq('unnamed'))}
                      </Text>
                      <ProgressTag progress={quote.progress} label={tp(quote.progress)} />
                    </Group>
                    <Group justify="space-between" wrap="nowrap" gap="xs">
                      <Text size="sm" c="dimmed" truncate>
                        {quote.contactName}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {quote.date}
                      </Text>
                    </Group>
                  </UnstyledButton>
                </li>
              ))}
            </ul>
          )}
          <Anchor component={Link} href="/preventivi" size="sm" onClick={() => setOpened(false)}>
            {t('all')}
          </Anchor>
        </Stack>
      </Drawer>
    </>
  );
}
