import { UnsubscribePage, unsubscribeMetadata } from '@/components/guest/unsubscribe/unsubscribe-page';

export const metadata = unsubscribeMetadata;

export default async function Page({ params }: { params: Promise<{ campId: string; userId: string; lang?: string[] }> }) {
  const { campId, userId, lang } = await params;
  return <UnsubscribePage ids={{ campsiteId: campId, contactId: userId }} lang={lang?.[0]} />;
}
