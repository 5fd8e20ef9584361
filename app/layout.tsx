import './globals.css';
import { mantineHtmlProps } from '@mantine/core';
import type { Metadata, Viewport } from 'next';
import { getLocale, getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import type { ReactNode } from 'react';
import { ErrorTextsProvider, type ErrorTexts } from '@/components/providers/error-texts';
import { STAFF_LOCALE } from '@/lib/i18n/request';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations({ locale: STAFF_LOCALE, namespace: 'meta' });
  return { title: { template: `%s · ${t('appName')}`, default: t('appName') }, description: t('description') };
}

export const viewport: Viewport = { width: 'device-width', initialScale: 1, themeColor: '#087f5b' };

/**
 * Only the document: Mantine's provider and styles come with the layouts of the pages built on
 * them (StaffProviders, GuestMantineLayout), so the guest's quote mini-site loads neither.
 * No ColorSchemeScript either (a client component): the scheme is always light, which
 * mantineHtmlProps already writes on <html>.
 */
export default async function RootLayout({ children }: { children: ReactNode }) {
  // The document is Italian (guest pages set their own language on their content); saying so
  // here keeps next-intl from reading the request, so the guest pages can be cached whole.
  setRequestLocale(STAFF_LOCALE);
  const locale = await getLocale();
  const errorTexts = (await getMessages()).errorPage as ErrorTexts;
  return (
    <html lang={locale} {...mantineHtmlProps}>
      <body>
        <ErrorTextsProvider texts={errorTexts}>{children}</ErrorTextsProvider>
      </body>
    </html>
  );
}
