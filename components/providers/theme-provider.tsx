'use client';

// Here rather than in the root layout: the guest's quote mini-site renders without Mantine, so it
// loads neither its code nor its styles.
import '@mantine/core/styles.css';
import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { config as zodConfig } from 'zod/v4/core';
import { cssVariablesResolver, theme } from '@/lib/theme';

// In the browser zod would probe for eval (new Function) before its first object parse: the CSP
// (lib/http/csp.ts) refuses it, and every form would report a violation. The server keeps the
// faster compiled parsers. Here because every page with a client-side form has this provider.
if (typeof window !== 'undefined') zodConfig({ jitless: true });

/** Mantine with the product's theme; a client module because the resolver is a function. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      {children}
    </MantineProvider>
  );
}
