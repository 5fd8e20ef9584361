import GuestCardPage, { generateMetadata } from '@/app/(public)/visualizzaPreventivo/[clienteID]/[idPreventivo]/[idCampeggio]/[schedaID]/page';

// The same page, and the same data cache, as the main address.
export { generateMetadata };
export default GuestCardPage;
