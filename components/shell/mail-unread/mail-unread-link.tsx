'use client';

import { ActionIcon, Indicator } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';

/** On a phone the menu hides the Mail entry and its count: the header shows the unread mail too. */
export function MailUnreadLink({ count }: { count: number | null }) {
  const t = useTranslations('mailbox');
  if (!count) return null;
  return (
    <Indicator label={<span aria-hidden>{count > 99 ? '99+' : count}</span>} size={18} color="red.9" offset={4} hiddenFrom="md" data-testid="mail-unread-header">
      <ActionIcon component={Link} href="/mail" variant="subtle" color="gray" size="lg" aria-label={t('badge', { count })}>
        <IconMail size={22} aria-hidden />
      </ActionIcon>
    </Indicator>
  );
}
