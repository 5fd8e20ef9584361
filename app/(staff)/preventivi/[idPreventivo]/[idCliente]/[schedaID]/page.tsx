import { notFound, redirect } from 'next/navigation';
import { staffPage } from '@/lib/context/staff';
import { quoteDetailOr404 } from '@/lib/quotes/page-loaders';

type Params = { idPreventivo: string; idCliente: string; schedaID: string };

/** /preventivi/:idPreventivo/:idCliente/:schedaID: the card's page, when the contact is the quote's guest and the card is the quote's. */
export default async function LegacyCardPath({ params }: { params: Promise<Params> }) {
  const { run } = await staffPage();
  const { idPreventivo, idCliente, schedaID } = await params;
  const detail = await run((ctx) => quoteDetailOr404(ctx, idPreventivo, idCliente));
  if (!detail.cards.some((card) => card.id === schedaID)) notFound();
  redirect(`/crea-preventivo/preview/${encodeURIComponent(idCliente)}/${encodeURIComponent(idPreventivo)}/scheda/${encodeURIComponent(schedaID)}`);
}
