'use client';

// Here rather than in the root layout: the guest's quote mini-site renders without Mantine, so it
// loads neither its code nor its styles.
import '@mantine/core/styles.css';
import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { cssVariablesResolver, theme } from '@/lib/theme';

/** Mantine with the product's theme; a client module because the resolver is a function. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      {children}
    </MantineProvider>
  );
}
