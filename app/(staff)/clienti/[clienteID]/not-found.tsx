import { EmptyState, EmptyStateDescription, EmptyStateTitle } from '@mantine/core';
import { IconUserQuestion } from '@tabler/icons-react';
import { getTranslations } from 'next-intl/server';
import { PageContainer } from '@/components/shell/page-container';
import { LinkButton } from '@/components/ui/link-button';

/** An unknown id, or another campsite's: the same answer, inside the staff shell. */
export default async function ContactNotFound() {
  const t = await getTranslations('contacts');
  return (
    <PageContainer>
      <EmptyState icon={<IconUserQuestion size={32} aria-hidden />} withIndicatorBackground py="xl">
        <EmptyStateTitle order={1}>{t('detail.notFoundTitle')}</EmptyStateTitle>
        <EmptyStateDescription>{t('detail.notFoundText')}</EmptyStateDescription>
        <LinkButton href="/clienti" mt="md" variant="light">
          {t('actions.backToList')}
        </LinkButton>
      </EmptyState>
    </PageContainer>
  );
}
