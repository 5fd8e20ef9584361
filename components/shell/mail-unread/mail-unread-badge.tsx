'use client';

import { Badge, VisuallyHidden } from '@mantine/core';
import { useTranslations } from 'next-intl';

/** The count next to "Mail": the digits for the eye, a sentence for screen readers; none at zero. */
export function MailUnreadBadge({ count }: { count: number | null }) {
  const t = useTranslations('mailbox');
  if (!count) return null;
  return (
    <Badge size="sm" color="red.9" variant="filled" circle={count < 10} ml={6} tt="none" data-testid="mail-unread-badge" component="span">
      <span aria-hidden>{count > 99 ? '99+' : count}</span>
      <VisuallyHidden>{t('badge', { count })}</VisuallyHidden>
    </Badge>
  );
}
