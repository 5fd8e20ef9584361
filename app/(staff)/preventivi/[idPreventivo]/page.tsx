import { redirect } from 'next/navigation';
import { getDb } from '@/db/client';
import { requireStaff } from '@/lib/auth/staff';
import { quoteDetailOr404 } from '@/lib/quotes/page-loaders';

/** The spec's /preventivi/:idPreventivo opens the quote's page. */
export default async function QuoteRedirect({ params }: { params: Promise<{ idPreventivo: string }> }) {
  const tenant = await requireStaff();
  const { idPreventivo } = await params;
  const detail = await quoteDetailOr404(getDb(), tenant, idPreventivo);
  redirect(`/crea-preventivo/preview/${detail.contact.id}/${detail.quote.id}`);
}
