'use client';

import { NextIntlClientProvider, type AbstractIntlMessages } from 'next-intl';
import type { ReactNode } from 'react';
import { TIME_ZONE } from '@/lib/format';

/**
 * The guest's language for the client components of a cached page. The server-side provider
 * would read the request's configuration, which a cached component may not touch.
 */
export function GuestIntlProvider({ locale, messages, children }: { locale: string; messages: AbstractIntlMessages; children: ReactNode }) {
  return (
    <NextIntlClientProvider locale={locale} messages={messages} timeZone={TIME_ZONE}>
      {children}
    </NextIntlClientProvider>
  );
}
