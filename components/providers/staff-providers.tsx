// Mantine's own styles first: the packages' below build on them.
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/charts/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/tiptap/styles.css';
import { Notifications } from '@mantine/notifications';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';
import { ItalianDates } from '@/components/ui/italian-dates';
import { pickMessages } from '@/lib/i18n/client-messages';
import { ThemeProvider } from './theme-provider';

/**
 * What the staff and login pages need on the client: Mantine, the Italian texts that client
 * components read (server components translate on the server), toasts and
 * Italian calendars. Guest pages do without it, so their first load carries none of it.
 */
export async function StaffProviders({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider>
      <NextIntlClientProvider messages={pickMessages(await getMessages())}>
        {/* Bottom right: at the top the toasts covered the header's campsite name and the bell. */}
        <Notifications position="bottom-right" autoClose={3000} />
        <ItalianDates>{children}</ItalianDates>
      </NextIntlClientProvider>
    </ThemeProvider>
  );
}
