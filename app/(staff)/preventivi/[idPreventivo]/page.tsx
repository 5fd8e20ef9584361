import { redirect } from 'next/navigation';
import { requireStaff } from '@/lib/auth/staff';
import { staffRead } from '@/lib/auth/staff-read';
import { quoteDetailOr404 } from '@/lib/quotes/page-loaders';

/** The spec's /preventivi/:idPreventivo opens the quote's page. */
export default async function QuoteRedirect({ params }: { params: Promise<{ idPreventivo: string }> }) {
  const tenant = await requireStaff();
  const { idPreventivo } = await params;
  const detail = await staffRead(tenant, (db) => quoteDetailOr404(db, tenant, idPreventivo));
  redirect(`/crea-preventivo/preview/${detail.contact.id}/${detail.quote.id}`);
}
