import type { PriceLine } from '@/db/schema';
import { nameIn } from '@/lib/i18n/label-names';

export { nameIn };

/**
 * A price line in the guest's language: the stored names for that language, and the nights
 * as a number the page words itself ("× 3 Nächte"). A line stored before the names existed
 * keeps its Italian label whole.
 */
export type GuestPriceLine = {
  kind: PriceLine['kind'];
  name: string;
  seasonName: string | null;
  perNights: number | null;
  quantity: number;
  unitCents: number;
  totalCents: number;
};

export function guestPriceLine(line: PriceLine, language: string): GuestPriceLine {
  const { kind, quantity, unitCents, totalCents } = line;
  if (!line.names) return { kind, name: line.label, seasonName: null, perNights: null, quantity, unitCents, totalCents };
  return {
    kind,
    name: nameIn(line.names, language, line.label),
    seasonName: line.seasonNames ? nameIn(line.seasonNames, language, '') || null : null,
    perNights: line.perNights ?? null,
    quantity,
    unitCents,
    totalCents,
  };
}

/** The line as the guest reads it, the nights worded by the page's dictionary ("3 Nächte"). */
export function guestLineText(line: GuestPriceLine, nights: (count: number) => string): string {
  return `${line.name}${line.seasonName ? ` – ${line.seasonName}` : ''}${line.perNights !== null ? ` × ${nights(line.perNights)}` : ''}`;
}
