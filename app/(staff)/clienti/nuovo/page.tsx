import { Stack, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ContactForm } from '@/components/contacts/contact-form';
import { PageContainer } from '@/components/shell/page-container';
import { EMPTY_CONTACT_FORM } from '@/lib/contacts/form-state';
import { contactFormOptions } from '@/lib/contacts/reference';
import { createContactAction } from '../actions';
import { staffPage } from '@/lib/context/staff';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('contacts'))('form.newTitle') };
}

export default async function NewContactPage() {
  const { run } = await staffPage();
  const [options, t] = await Promise.all([run((ctx) => contactFormOptions(ctx)), getTranslations('contacts')]);
  return (
    <PageContainer>
      <Stack gap="lg" maw={900}>
        <div>
          <Title order={1}>{t('form.newTitle')}</Title>
          <Text c="dimmed">{t('form.newSubtitle')}</Text>
        </div>
        <ContactForm
          options={options}
          initial={EMPTY_CONTACT_FORM}
          save={{ kind: 'create', action: createContactAction }}
          submitLabel={t('form.create')}
          successMessage={t('form.created')}
          cancelHref="/clienti"
        />
      </Stack>
    </PageContainer>
  );
}
