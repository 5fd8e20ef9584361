// The same document as the main address.
export { GET } from '@/app/(public)/visualizzaPreventivo/[clienteID]/[idPreventivo]/[idCampeggio]/pdf/route';
