import { UnsubscribePage, unsubscribeMetadata } from '@/components/guest/unsubscribe/unsubscribe-page';
import { unsubscribeLinkRedirect } from '@/lib/legacy-import/old-links';
import { subscriptionOr404 } from '@/lib/newsletter/unsubscribe-page';

export const metadata = unsubscribeMetadata;

export default async function Page({ params }: { params: Promise<{ campId: string; userId: string; lang?: string[] }> }) {
  const { campId, userId, lang } = await params;
  const ids = { campsiteId: campId, contactId: userId };
  return <UnsubscribePage ids={ids} subscription={await subscriptionOr404(ids, unsubscribeLinkRedirect('/mailing/unsubscribe', ids, lang))} lang={lang?.[0]} />;
}
