import { Box, Container } from '@mantine/core';
import type { ReactNode } from 'react';
import type { GuestLocale } from '@/lib/i18n/locales';

/**
 * A guest page's frame: no staff navigation, no footer, and the page's own language for screen
 * readers (the document's <html lang> is the staff's Italian).
 */
export function GuestFrame({ locale, children }: { locale: GuestLocale; children: ReactNode }) {
  return (
    <Box lang={locale} bg="var(--mantine-color-gray-0)" mih="100dvh" component="main">
      <Container size="sm" px={{ base: 'sm', sm: 'md' }} py="lg">
        {children}
      </Container>
    </Box>
  );
}
