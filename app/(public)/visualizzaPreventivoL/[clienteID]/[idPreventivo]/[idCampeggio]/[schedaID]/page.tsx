import GuestCardPage, { generateMetadata } from '@/app/(public)/visualizzaPreventivo/[clienteID]/[idPreventivo]/[idCampeggio]/[schedaID]/page';
import type { GuestQuoteParams } from '@/lib/public-quotes/page';

// Segment options must be written in each route file: the same cache as the main address.
export const revalidate = 3600;
export const dynamicParams = true;
export function generateStaticParams(): (GuestQuoteParams & { schedaID: string })[] {
  return [];
}

export { generateMetadata };
export default GuestCardPage;
