import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import { formatDate } from '@/lib/format';
import type { ContactSurveyAnswer } from '@/lib/surveys/contact-answers';
import { ScoreBadge } from './score-badge';

/** «Opinione sul soggiorno» on the contact's page: each answered survey, its score, stay and comments. */
export async function ContactSurveySection({ answers }: { answers: ContactSurveyAnswer[] }) {
  const t = await getTranslations('surveys');
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-label={t('contactTitle')} data-testid="contact-survey">
      <Title order={2} size="h4" mb="sm">
        {t('contactTitle')}
      </Title>
      {answers.length === 0 ? (
        <Text c="dimmed">{t('contactEmpty')}</Text>
      ) : (
        <Stack gap="md">
          {answers.map((answer) => (
            <Stack key={answer.id} gap={4} data-testid="contact-survey-answer">
              <Group gap="sm" wrap="wrap">
                <ScoreBadge score={answer.score} />
                <Text size="sm" c="dimmed">
                  {t('answeredOn', { date: formatDate(answer.answeredAt) })}
                </Text>
              </Group>
              <Text size="sm">
                {t('stay')}: {[answer.typologyName, answer.arrival && answer.departure ? t('stayDates', { arrival: formatDate(answer.arrival), departure: formatDate(answer.departure) }) : ''].filter(Boolean).join(' · ') || '—'}
              </Text>
              <Comment label={t('wentWell')} text={answer.wentWell || t('noComment')} />
              <Comment label={t('toImprove')} text={answer.toImprove || t('noComment')} />
            </Stack>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

function Comment({ label, text }: { label: string; text: string }) {
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
      <Text span fw={600}>
        {label}:
      </Text>{' '}
      {text}
    </Text>
  );
}
