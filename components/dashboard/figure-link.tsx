import { LinkAnchor } from '@/components/ui/link-anchor';

/** "Inviato 16": a label and a count that opens the list it counts. */
export function FigureLink({ label, value, href, testId }: { label: string; value: string; href: string; testId?: string }) {
  return (
    <LinkAnchor prefetch={false} href={href} data-testid={testId} size="sm">
      {label} <strong>{value}</strong>
    </LinkAnchor>
  );
}
