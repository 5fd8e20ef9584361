'use client';

import { ActionIcon, Drawer, Group, LoadingOverlay, Tooltip } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useTransition, type ReactNode } from 'react';

type Props = { title: string; closeHref: string; previousHref: string | null; nextHref: string | null; children: ReactNode };

/**
 * The list's side drawer: the quote's content is rendered on the server and comes in as
 * children; the chevrons walk the current page of the list, with a spinner while loading.
 */
export function QuoteDrawer({ title, closeHref, previousHref, nextHref, children }: Props) {
  const t = useTranslations('quotes.drawer');
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const go = (href: string) => startTransition(() => router.push(href, { scroll: false }));
  return (
    <Drawer
      opened
      onClose={() => go(closeHref)}
      position="right"
      size="min(640px, 100vw)"
      title={
        <Group gap="xs">
          <Tooltip label={t('previous')}>
            <ActionIcon variant="subtle" aria-label={t('previous')} disabled={!previousHref || pending} onClick={() => previousHref && go(previousHref)}>
              <IconChevronLeft size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('next')}>
            <ActionIcon variant="subtle" aria-label={t('next')} disabled={!nextHref || pending} onClick={() => nextHref && go(nextHref)}>
              <IconChevronRight size={18} />
            </ActionIcon>
          </Tooltip>
          <span>{title}</span>
        </Group>
      }
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      <div style={{ position: 'relative', minHeight: 200 }}>
        <LoadingOverlay visible={pending} loaderProps={{ 'aria-label': t('loading'), role: 'status' } as object} />
        {children}
      </div>
    </Drawer>
  );
}
