import { Grid, GridCol, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconFilePlus, IconPencil } from '@tabler/icons-react';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { DeleteContactButton } from '@/components/contacts/delete-contact-button';
import { ContactFollowUpsSection } from '@/components/follow-ups/contact-follow-ups';
import { ContactDataSection, ContactListsSection, ContactQuotesSection } from '@/components/contacts/contact-sections';
import { ContactMailsTimelineSection } from '@/components/mailbox-settings/contact-mails-section';
import { CONTACT_MAILS_PAGE, toTimelineRows } from '@/lib/mailbox/timeline-rows';
import { ContactQuestionsSection } from '@/components/quote-questions/contact-questions-section';
import { PageContainer } from '@/components/shell/page-container';
import { LastStaySection } from '@/components/returning/last-stay-section';
import { ContactStayMailsSection } from '@/components/stays/contact-stay-mails-section';
import { ReproposeButton } from '@/components/returning/repropose-button';
import { ContactSurveySection } from '@/components/surveys/contact-survey-section';
import { LinkAnchor } from '@/components/ui/link-anchor';
import { LinkButton } from '@/components/ui/link-button';
import { getOwnCampsite } from '@/lib/campsites/service';
import { contactDisplayName } from '@/lib/contacts/service';
import { runStaffWork } from '@/lib/context/unit-of-work';
import { formatDate } from '@/lib/format';
import { contactFollowUps } from '@/lib/follow-ups/page-data';
import { romeIsoDate } from '@/lib/date-filter';
import { lastStayOfContact } from '@/lib/quotes/returning-guests';
import { contactStayMails } from '@/lib/stays/contact-mails';
import { contactMailTimeline } from '@/lib/mailbox/timeline';
import { contactQuestionThreads } from '@/lib/quote-questions/threads';
import { contactSurveyAnswers } from '@/lib/surveys/contact-answers';
import { deleteContactAction } from '../actions';
import { findContactDetail } from './load';
import { loadContactMailsAction } from './mail-actions';

type Props = { params: Promise<{ clienteID: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { detail } = await findContactDetail((await params).clienteID);
  return { title: detail ? contactDisplayName(detail.contact) : (await getTranslations('contacts'))('detail.notFoundTitle') };
}

export default async function ContactDetailPage({ params }: Props) {
  const { tenant, detail } = await findContactDetail((await params).clienteID);
  if (!detail) notFound();
  // A stay booked up to this year makes the guest a returning one for the next stay we propose.
  const beforeYear = Number(romeIsoDate(new Date()).slice(0, 4)) + 1;
  const [t, [campsite, mails, questions, lastStay, stayMails, surveyAnswers], followUps] = await Promise.all([
    getTranslations('contacts'),
    runStaffWork(tenant, (ctx) =>
      Promise.all([
        getOwnCampsite(ctx),
        contactMailTimeline(ctx, { contactId: detail.contact.id, limit: CONTACT_MAILS_PAGE }),
        contactQuestionThreads(ctx, { contactId: detail.contact.id }),
        lastStayOfContact(ctx, { contactId: detail.contact.id, beforeYear }),
        contactStayMails(ctx, { contactId: detail.contact.id }),
        contactSurveyAnswers(ctx, { contactId: detail.contact.id }),
      ]),
    ),
    runStaffWork(tenant, (ctx) => contactFollowUps(ctx, detail.contact.id)),
  ]);
  const { contact } = detail;
  const name = contactDisplayName(contact);
  return (
    <PageContainer>
      <Stack gap="lg">
        <LinkAnchor href="/clienti" size="sm" w="fit-content">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden />
            {t('actions.backToList')}
          </Group>
        </LinkAnchor>
        <Group justify="space-between" align="flex-start" gap="sm">
          <div style={{ minWidth: 0 }}>
            <Title order={1} style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Title>
            <Text c="dimmed">
              {t('detail.since', { date: formatDate(contact.createdAt) })}
              {detail.owner ? ` · ${t('detail.createdBy', { owner: detail.owner.name })}` : ''}
            </Text>
          </div>
          <Group gap="xs">
            <LinkButton href={`/crea-preventivo?cliente=${encodeURIComponent(contact.id)}`} leftSection={<IconFilePlus size={16} aria-hidden />}>
              {t('actions.newQuote')}
            </LinkButton>
            <LinkButton href={`/clienti/${contact.id}/modifica`} variant="light" leftSection={<IconPencil size={16} aria-hidden />}>
              {t('actions.edit')}
            </LinkButton>
            <DeleteContactButton contactId={contact.id} name={name} quoteCount={detail.quoteCount} action={deleteContactAction} />
          </Group>
        </Group>
        <ContactDataSection detail={detail} tagDefinitions={campsite.personalizedTags} />
        {lastStay && <LastStaySection stay={lastStay} action={<ReproposeButton contactId={contact.id} />} />}
        <ContactQuotesSection detail={detail} />
        <ContactFollowUpsSection contactId={contact.id} {...followUps} />
        <ContactStayMailsSection mails={stayMails} />
        <ContactQuestionsSection contactId={contact.id} threads={questions} />
        <ContactSurveySection answers={surveyAnswers} />
        <Grid gap="lg">
          <GridCol span={{ base: 12, md: 4 }}>
            <ContactListsSection detail={detail} />
          </GridCol>
          <GridCol span={{ base: 12, md: 8 }}>
            <ContactMailsTimelineSection contactId={contact.id} first={toTimelineRows(mails)} loadMore={loadContactMailsAction} />
          </GridCol>
        </Grid>
      </Stack>
    </PageContainer>
  );
}
