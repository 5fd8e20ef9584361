import { Text } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import { ANSWER_MAX_LENGTH } from '@/lib/quote-questions/text';
import { isAnswered, type QuestionEntry } from '@/lib/quote-questions/threads';
import { AnswerForm, type AnswerAction } from './answer-form';
import { QuestionsFrame } from './questions-frame';
import { QuestionThread } from './question-thread';

type Props = { questions: QuestionEntry[]; offers: { idx: number; name: string }[]; answer: AnswerAction };

/** On the quote's page: the guest's questions, each answerable there. */
export async function QuoteQuestionsPanel({ questions, offers, answer }: Props) {
  const t = await getTranslations('quoteQuestions');
  const open = questions.filter((question) => !isAnswered(question)).length;
  const names = new Map(offers.map((offer) => [offer.idx, offer.name]));
  return (
    <QuestionsFrame titleId="quote-questions-title" title={t('title')} unansweredLabel={open > 0 ? t('unanswered', { count: open }) : null} testId="quote-questions">
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
    </QuestionsFrame>
  );
}
