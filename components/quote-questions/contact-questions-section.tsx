import { Stack } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import { LinkAnchor } from '@/components/ui/link-anchor';
import { isAnswered, type ContactQuestionThread } from '@/lib/quote-questions/threads';
import { QuestionsFrame } from './questions-frame';
import { QuestionThread } from './question-thread';

/** In the guest's history: their questions and the answers, one thread per quote, each leading to its quote. */
export async function ContactQuestionsSection({ contactId, threads }: { contactId: string; threads: ContactQuestionThread[] }) {
  if (threads.length === 0) return null;
  const t = await getTranslations('quoteQuestions');
  const open = threads.flatMap((thread) => thread.questions).filter((question) => !isAnswered(question)).length;
  return (
    <QuestionsFrame titleId="contact-questions-title" title={t('contactTitle')} unansweredLabel={open > 0 ? t('unanswered', { count: open }) : null} testId="contact-questions">
      {threads.map((thread) => (
        <Stack key={thread.quoteId} gap="xs" component="article" aria-label={thread.quoteName || t('unnamedQuote')}>
          <LinkAnchor href={`/crea-preventivo/preview/${encodeURIComponent(contactId)}/${encodeURIComponent(thread.quoteId)}`} fw={600}>
            {thread.quoteName || t('unnamedQuote')}
          </LinkAnchor>
          <QuestionThread questions={thread.questions} />
        </Stack>
      ))}
    </QuestionsFrame>
  );
}
