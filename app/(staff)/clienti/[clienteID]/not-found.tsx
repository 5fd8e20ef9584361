import { getTranslations } from 'next-intl/server';
import { NotFoundContent } from '@/components/shell/not-found-content';

/** An unknown id, or another campsite's: the same answer, the staff's 404 naming what is missing. */
export default async function ContactNotFound() {
  const t = await getTranslations('contacts');
  return <NotFoundContent title={t('detail.notFoundTitle')} text={t('detail.notFoundText')} back={{ href: '/clienti', label: t('actions.backToList') }} ownTitle />;
}
