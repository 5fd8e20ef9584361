import GuestQuotePage, { generateMetadata } from '@/app/(public)/visualizzaPreventivo/[clienteID]/[idPreventivo]/[idCampeggio]/page';

// The same page, and the same data cache, as the main address.
export { generateMetadata };
export default GuestQuotePage;
