import type { SurveyView } from './survey';

/** What the page needs back after a send: the answer as stored and until when it may change (ISO). */
export type SentSurveyAnswer = { score: number; wentWell: string; toImprove: string; editableUntil: string | null };

export function toSentAnswer(view: SurveyView): SentSurveyAnswer {
  const answer = view.answer;
  return {
    score: answer?.score ?? 0,
    wentWell: answer?.wentWell ?? '',
    toImprove: answer?.toImprove ?? '',
    editableUntil: view.editableUntil?.toISOString() ?? null,
  };
}
