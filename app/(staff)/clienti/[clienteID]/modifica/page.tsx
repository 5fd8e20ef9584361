import { Stack, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { ContactForm } from '@/components/contacts/contact-form';
import { PageContainer } from '@/components/shell/page-container';
import { contactFormState } from '@/lib/contacts/form-state';
import { contactFormOptions } from '@/lib/contacts/reference';
import { contactDisplayName } from '@/lib/contacts/service';
import { updateContactAction } from '../../actions';
import { findContact } from '../load';
import { runStaffWork } from '@/lib/context/unit-of-work';

type Props = { params: Promise<{ clienteID: string }> };

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('contacts'))('form.editTitle') };
}

export default async function EditContactPage({ params }: Props) {
  const { tenant, contact } = await findContact((await params).clienteID);
  if (!contact) notFound();
  const [options, t] = await Promise.all([runStaffWork(tenant, (ctx) => contactFormOptions(ctx)), getTranslations('contacts')]);
  return (
    <PageContainer>
      <Stack gap="lg" maw={900}>
        <div>
          <Title order={1}>{t('form.editTitle')}</Title>
          <Text c="dimmed">{t('form.editSubtitle', { name: contactDisplayName(contact) })}</Text>
        </div>
        <ContactForm
          options={options}
          initial={contactFormState(contact)}
          save={{ kind: 'edit', id: contact.id, action: updateContactAction }}
          submitLabel={t('form.save')}
          successMessage={t('form.saved')}
          cancelHref={`/clienti/${contact.id}`}
        />
      </Stack>
    </PageContainer>
  );
}
