import { notFound, redirect } from 'next/navigation';
import { requireStaff } from '@/lib/auth/staff';
import { staffRead } from '@/lib/auth/staff-read';
import { lookupLegacyIds } from '@/lib/quotes/legacy-lookup';
import { candidateIds, legacyQuoteTarget } from '@/lib/quotes/legacy-paths';

type Params = { idPreventivo: string; idCliente: string };

/** The spec's /preventivi/:idPreventivo/:idCliente: the quote's page, when the contact is its guest. */
export default async function LegacyQuotePath({ params }: { params: Promise<Params> }) {
  const tenant = await requireStaff();
  const { idPreventivo, idCliente } = await params;
  const found = await staffRead(tenant, (db) => lookupLegacyIds(db, tenant, candidateIds([idPreventivo, idCliente])));
  const target = legacyQuoteTarget(idPreventivo, idCliente, found, 'preview');
  if (!target) notFound();
  redirect(target);
}
