import { notFound, redirect } from 'next/navigation';
import { requireStaff } from '@/lib/auth/staff';
import { staffRead } from '@/lib/auth/staff-read';
import { lookupLegacyIds } from '@/lib/quotes/legacy-lookup';
import { candidateIds, legacyQuoteTarget } from '@/lib/quotes/legacy-paths';

type Params = { idPreventivo: string; idCliente: string };

/** /preventivi/:idPreventivo/:idCliente/stepsPrenotazione: the quote's booking steps, when the contact is its guest. */
export default async function LegacyBookingStepsPath({ params }: { params: Promise<Params> }) {
  const tenant = await requireStaff();
  const { idPreventivo, idCliente } = await params;
  const found = await staffRead(tenant, (db) => lookupLegacyIds(db, tenant, candidateIds([idPreventivo, idCliente])));
  const target = legacyQuoteTarget(idPreventivo, idCliente, found, 'booking');
  if (!target) notFound();
  redirect(target);
}
