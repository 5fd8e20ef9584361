import { notFound, redirect } from 'next/navigation';
import { staffPage } from '@/lib/context/staff';
import { lookupLegacyIds } from '@/lib/quotes/legacy-lookup';
import { candidateIds, legacyCreateTarget } from '@/lib/quotes/legacy-paths';

/**
 * The old creation paths still in links and mails: /crea-preventivo/:idPreventivo/:idCliente, the
 * same two ids the other way round, one id alone, …/edit/:clienteID, and the preview with fewer
 * than two ids. Each leads to the page that does that today (lib/quotes/legacy-paths.ts).
 */
export default async function LegacyCreateQuotePath({ params }: { params: Promise<{ legacy: string[] }> }) {
  const { run } = await staffPage();
  const segments = (await params).legacy;
  const ids = candidateIds(segments);
  const found = await run((ctx) => lookupLegacyIds(ctx, ids));
  const target = legacyCreateTarget(segments, found);
  if (!target) notFound();
  redirect(target);
}
