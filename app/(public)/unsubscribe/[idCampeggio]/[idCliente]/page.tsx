import { UnsubscribePage, unsubscribeMetadata } from '@/components/guest/unsubscribe/unsubscribe-page';

export const metadata = unsubscribeMetadata;

export default async function Page({ params }: { params: Promise<{ idCampeggio: string; idCliente: string }> }) {
  const { idCampeggio, idCliente } = await params;
  return <UnsubscribePage ids={{ campsiteId: idCampeggio, contactId: idCliente }} />;
}
