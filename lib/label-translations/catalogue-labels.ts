import type { BookingPlatform } from '@/lib/booking-platform';
import type { LabelNames } from '@/lib/i18n/label-names';

export type LabelGroup = 'typology' | 'season' | 'person' | 'vehicle' | 'service' | 'offer';

/** An Italian label of the campsite's catalogue and the names the platform itself gives it. */
export type CatalogueLabel = { source: string; group: LabelGroup; platformNames: LabelNames };

/** Every label a guest may read on a priced offer, from today's price list and offers, once each. */
export async function catalogueLabels(platform: BookingPlatform, camp: string | null): Promise<CatalogueLabel[]> {
  const [priceList, offers] = await Promise.all([platform.priceList(camp), platform.offers(camp)]);
  const items: [LabelGroup, { name: string; names?: LabelNames }[]][] = [
    ['typology', priceList.typologies],
    ['season', priceList.seasons],
    ['person', priceList.people],
    ['vehicle', priceList.vehicles],
    ['service', priceList.services],
    ['offer', offers],
  ];
  const found = new Map<string, CatalogueLabel>();
  for (const [group, list] of items) {
    for (const item of list) {
      if (!found.has(item.name)) found.set(item.name, { source: item.name, group, platformNames: item.names ?? {} });
    }
  }
  return [...found.values()];
}
