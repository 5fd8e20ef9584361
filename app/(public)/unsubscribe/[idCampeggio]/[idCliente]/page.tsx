import { UnsubscribePage, unsubscribeMetadata } from '@/components/guest/unsubscribe/unsubscribe-page';
import { unsubscribeLinkRedirect } from '@/lib/legacy-import/old-links';
import { subscriptionOr404 } from '@/lib/newsletter/unsubscribe-page';

export const metadata = unsubscribeMetadata;

export default async function Page({ params }: { params: Promise<{ idCampeggio: string; idCliente: string }> }) {
  const { idCampeggio, idCliente } = await params;
  const ids = { campsiteId: idCampeggio, contactId: idCliente };
  return <UnsubscribePage ids={ids} subscription={await subscriptionOr404(ids, unsubscribeLinkRedirect('/unsubscribe', ids))} />;
}
