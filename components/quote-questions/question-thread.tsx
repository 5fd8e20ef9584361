import { Badge, Box, Group, Paper, Stack, Text } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { formatDateTime } from '@/lib/format';
import { isAnswered, type QuestionEntry } from '@/lib/quote-questions/threads';
import classes from './questions.module.css';

type Props = {
  questions: QuestionEntry[];
  /** The offer's name by its index, for "Offerta 1 · Piazzola". */
  offerLabel?: (idx: number) => string | null;
  /** The answer form under a question (the quote's page); none in the contact's history. */
  answerForm?: (question: QuestionEntry) => ReactNode;
};

/**
 * A quote's questions as a thread: the guest's question, the staff's answers under it. One not
 * answered yet stands out (orange edge, "Da rispondere"). Texts are plain and rendered as text.
 */
export async function QuestionThread({ questions, offerLabel, answerForm }: Props) {
  const t = await getTranslations('quoteQuestions');
  return (
    <Stack gap="md" component="ol" className={classes.list}>
      {questions.map((question) => {
        const answered = isAnswered(question);
        const offer = question.cardIdx === null ? null : (offerLabel?.(question.cardIdx) ?? null);
        return (
          <Box component="li" key={question.id} className={answered ? classes.question : `${classes.question} ${classes.open}`} data-testid="staff-question" data-answered={answered}>
            <Stack gap="xs">
              <Group gap="xs" wrap="wrap">
                <Badge color={answered ? 'teal.9' : 'orange.9'} variant="filled" tt="none" radius="sm">
                  {answered ? t('answered') : t('toAnswer')}
                </Badge>
                <Text size="sm" fw={600}>
                  {question.cardIdx === null ? t('aboutQuote') : `${t('aboutOffer', { idx: question.cardIdx + 1 })}${offer ? ` · ${offer}` : ''}`}
                </Text>
                <Text size="sm" c="dimmed">
                  {t('guest')} · {formatDateTime(question.createdAt)}
                </Text>
              </Group>
              <Text className={classes.body}>{question.body}</Text>
              {question.answers.map((answer) => (
                <Paper key={answer.id} className={classes.answer} p="xs" radius="sm" data-testid="staff-answer">
                  <Text size="xs" c="dimmed" mb={2}>
                    {answer.authorName || t('staff')} · {formatDateTime(answer.createdAt)} · {answer.mailTraceId ? t('mailed') : t('notMailed')}
                  </Text>
                  <Text size="sm" className={classes.body}>
                    {answer.body}
                  </Text>
                </Paper>
              ))}
              {answerForm?.(question)}
            </Stack>
          </Box>
        );
      })}
    </Stack>
  );
}
