import { Group } from '@mantine/core';
import { LinkButton } from '@/components/ui/link-button';

export type ViewLink = { href: string; label: string; current: boolean };

/** A row of links that filter a list, the current one marked for eyes and screen readers alike. */
export function ViewLinks({ label, links }: { label: string; links: ViewLink[] }) {
  return (
    <Group gap="xs" role="group" aria-label={label}>
      {links.map((link) => (
        <LinkButton key={link.href} href={link.href} size="xs" variant={link.current ? 'filled' : 'default'} aria-current={link.current ? 'page' : undefined}>
          {link.label}
        </LinkButton>
      ))}
    </Group>
  );
}
