'use client';

import { notifications } from '@mantine/notifications';
import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import type { MouseEvent } from 'react';
import { isActive, NEW_QUOTE_PATH } from './navigation';

/** 'Nuovo Preventivo' while already creating a quote warns instead of reloading the wizard. */
export function useNavHandler(onNavigate?: () => void) {
  const pathname = usePathname();
  const t = useTranslations('nav');
  return (href: string) => (event: MouseEvent) => {
    if (href === NEW_QUOTE_PATH && isActive(pathname, NEW_QUOTE_PATH)) {
      event.preventDefault();
      notifications.show({ color: 'yellow', message: t('alreadyOnNewQuote'), autoClose: 3000 });
      return;
    }
    onNavigate?.();
  };
}
