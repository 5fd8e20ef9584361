import { notFound, redirect } from 'next/navigation';
import { staffPage } from '@/lib/context/staff';
import { lookupLegacyIds } from '@/lib/quotes/legacy-lookup';
import { candidateIds, legacyQuoteTarget } from '@/lib/quotes/legacy-paths';

export type LegacyQuoteParams = { idPreventivo: string; idCliente: string };

/** An old /preventivi/:idPreventivo/:idCliente… link: to the quote's page of that kind, when the contact is its guest; else the 404. */
export async function redirectToQuote(params: Promise<LegacyQuoteParams>, kind: Parameters<typeof legacyQuoteTarget>[3]): Promise<never> {
  const { run } = await staffPage();
  const { idPreventivo, idCliente } = await params;
  const found = await run((ctx) => lookupLegacyIds(ctx, candidateIds([idPreventivo, idCliente])));
  const target = legacyQuoteTarget(idPreventivo, idCliente, found, kind);
  if (!target) notFound();
  redirect(target);
}
