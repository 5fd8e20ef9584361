import './globals.css';
import type { Metadata, Viewport } from 'next';
import { connection } from 'next/server';
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
 * Only the document: Mantine's provider and styles come with the staff's layout (StaffProviders),
 * so the guest pages, written without Mantine, load neither.
 * No ColorSchemeScript either (a client component): the scheme is always light, written on
 * <html> as Mantine's mantineHtmlProps would. So no script of ours is inline: Next.js writes the
 * request's CSP nonce (proxy.ts) on all of its own.
 */
export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page renders per request, the 404 page and the guest's quote included: HTML built ahead
  // or stored whole would carry no nonce, or an old one, and the CSP would block its scripts.
  // The guest pages keep their data cache (lib/public-quotes/cached-view.ts).
  await connection();
  // The document is Italian (guest pages set their own language on their content); saying so
  // here keeps next-intl from reading the request for it.
  setRequestLocale(STAFF_LOCALE);
  const locale = await getLocale();
  const errorTexts = (await getMessages()).errorPage as ErrorTexts;
  return (
    // Not imported from @mantine/core: from the root layout, that barrel made every client module
    // of Mantine part of every page's first load, the guest pages' included (~400 KB of script).
    <html lang={locale} suppressHydrationWarning data-mantine-color-scheme="light">
      <body>
        <ErrorTextsProvider texts={errorTexts}>{children}</ErrorTextsProvider>
      </body>
    </html>
  );
}
