import { Group, UnstyledButton } from '@mantine/core';
import type { GuestLocale } from '@/lib/i18n/locales';
import type { LanguageLink } from '@/lib/requests/form-options';
import { Flag } from './flags';

type Props = { links: LanguageLink[]; current: GuestLocale; hrefOf: (segment: string) => string; label: string };

/**
 * The flags: the same form in the campsite's other languages. Plain links (a new page in the
 * other language), each named in its own language for screen readers.
 */
export function LanguageSwitch({ links, current, hrefOf, label }: Props) {
  if (links.length < 2) return null;
  return (
    <Group component="nav" aria-label={label} gap={6} wrap="wrap" data-testid="language-switch">
      {links.map((link) => {
        const active = link.locale === current;
        return (
          <UnstyledButton
            key={link.locale}
            component="a"
            href={hrefOf(link.segment)}
            lang={link.locale}
            hrefLang={link.locale}
            aria-current={active ? 'page' : undefined}
            px={10}
            py={6}
            style={{
              display: 'inline-flex',
              alignItems: 'center',
              gap: 8,
              borderRadius: 'var(--mantine-radius-xl)',
              border: `1px solid ${active ? 'var(--mantine-color-teal-8)' : 'var(--mantine-color-gray-4)'}`,
              background: active ? 'var(--mantine-color-teal-0)' : 'var(--mantine-color-white)',
              fontSize: 'var(--mantine-font-size-sm)',
              fontWeight: active ? 700 : 500,
              color: 'var(--mantine-color-gray-9)',
            }}
          >
            <Flag locale={link.locale} />
            {link.name}
          </UnstyledButton>
        );
      })}
    </Group>
  );
}
