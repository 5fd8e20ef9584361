import '@mantine/core/styles.css';
import './globals.css';
import { ColorSchemeScript, mantineHtmlProps } from '@mantine/core';
import type { Metadata, Viewport } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import { getLocale, getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import type { ReactNode } from 'react';
import { ThemeProvider } from '@/components/providers/theme-provider';
import { STAFF_LOCALE } from '@/lib/i18n/request';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations({ locale: STAFF_LOCALE, namespace: 'meta' });
  return { title: { template: `%s · ${t('appName')}`, default: t('appName') }, description: t('description') };
}

export const viewport: Viewport = { width: 'device-width', initialScale: 1, themeColor: '#087f5b' };

export default async function RootLayout({ children }: { children: ReactNode }) {
  // The document is Italian (guest pages set their own language on their content); saying so
  // here keeps next-intl from reading the request, so the guest pages can be cached whole.
  setRequestLocale(STAFF_LOCALE);
  const locale = await getLocale();
  return (
    <html lang={locale} {...mantineHtmlProps}>
      <head>
        <ColorSchemeScript defaultColorScheme="light" />
      </head>
      <body>
        {/* Only the error page's texts here: staff pages add theirs (StaffProviders), guest pages their own language's. */}
        <NextIntlClientProvider messages={{ errorPage: (await getMessages()).errorPage }}>
          <ThemeProvider>{children}</ThemeProvider>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
