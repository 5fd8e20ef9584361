import { redirect } from 'next/navigation';
import { staffPage } from '@/lib/context/staff';
import { quoteDetailOr404 } from '@/lib/quotes/page-loaders';

/** The spec's /preventivi/:idPreventivo opens the quote's page. */
export default async function QuoteRedirect({ params }: { params: Promise<{ idPreventivo: string }> }) {
  const { run } = await staffPage();
  const { idPreventivo } = await params;
  const detail = await run((ctx) => quoteDetailOr404(ctx, idPreventivo));
  redirect(`/crea-preventivo/preview/${detail.contact.id}/${detail.quote.id}`);
}
