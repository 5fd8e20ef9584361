import type { ReactNode } from 'react';
import { ThemeProvider } from './theme-provider';

/**
 * The layout of the guest pages built with Mantine (contact form, unsubscribe): its provider,
 * which the root layout no longer gives every page. The quote mini-site has none.
 */
export function GuestMantineLayout({ children }: { children: ReactNode }) {
  return <ThemeProvider>{children}</ThemeProvider>;
}
