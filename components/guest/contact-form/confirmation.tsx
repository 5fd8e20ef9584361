'use client';

import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import { isGuestLocale } from '@/lib/i18n/locales';
import { formatStayDate } from '@/lib/requests/stay-dates';
import type { SentRequest } from '../../../lib/requests/contact-form-types';

/** Shown instead of the form once the request is stored: what was asked and what happens next. */
export function Confirmation({ sent, campsiteName }: { sent: SentRequest; campsiteName: string }) {
  const t = useTranslations('guestForm');
  const current = useLocale();
  const locale = isGuestLocale(current) ? current : 'en';
  const heading = useRef<HTMLHeadingElement>(null);

  // The form the guest was in is gone: bring them, and their screen reader, to the answer.
  useEffect(() => {
    heading.current?.focus();
    heading.current?.scrollIntoView({ block: 'center' });
  }, []);

  const stay =
    sent.arrival && sent.departure
      ? t('confirmation.stay', { campsite: campsiteName, arrival: formatStayDate(sent.arrival, locale), departure: formatStayDate(sent.departure, locale) })
      : t('confirmation.noStay', { campsite: campsiteName });
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} data-testid="contact-form-confirmation">
      <Stack align="center" ta="center" gap="sm">
        <ThemeIcon size={56} radius="xl" color="teal" variant="light" aria-hidden>
          <IconCircleCheck size={34} />
        </ThemeIcon>
        <Title order={2} size="h3" ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
          {sent.firstName ? t('confirmation.titleNamed', { name: sent.firstName }) : t('confirmation.title')}
        </Title>
        <Text>{stay}</Text>
        <Text>{t('confirmation.answer')}</Text>
        {sent.newsletterPending && <Text data-testid="contact-form-newsletter-pending">{t('confirmation.newsletter')}</Text>}
        <Text size="sm" c="dimmed">
          {t('confirmation.spam')}
        </Text>
      </Stack>
    </Paper>
  );
}
