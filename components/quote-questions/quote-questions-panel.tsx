import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import { ANSWER_MAX_LENGTH } from '@/lib/quote-questions/text';
import { isAnswered, type QuestionEntry } from '@/lib/quote-questions/threads';
import { AnswerForm, type AnswerAction } from './answer-form';
import { QuestionThread } from './question-thread';

type Props = { questions: QuestionEntry[]; offers: { idx: number; name: string }[]; answer: AnswerAction };

/** On the quote's page: the guest's questions, each answerable there. */
export async function QuoteQuestionsPanel({ questions, offers, answer }: Props) {
  const t = await getTranslations('quoteQuestions');
  const open = questions.filter((question) => !isAnswered(question)).length;
  const names = new Map(offers.map((offer) => [offer.idx, offer.name]));
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="quote-questions-title" data-testid="quote-questions">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={2} size="h4" id="quote-questions-title">
            {t('title')}
          </Title>
          {open > 0 && (
            <Badge color="orange.9" variant="filled" tt="none">
              {t('unanswered', { count: open })}
            </Badge>
          )}
        </Group>
        {questions.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('empty')}
          </Text>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {t('intro')}
            </Text>
            <QuestionThread
              questions={questions}
              offerLabel={(idx) => names.get(idx) ?? null}
              answerForm={(question) => <AnswerForm questionId={question.id} action={answer} maxLength={ANSWER_MAX_LENGTH} />}
            />
          </>
        )}
      </Stack>
    </Paper>
  );
}
