import { z } from '@/lib/validation';
import { SCORE_MAX, SCORE_MIN } from './score';

/** The two comments' length: a few paragraphs, enough for a stay, too little for a novel. */
export const COMMENT_MAX = 2000;

/**
 * A guest's answer. Messages are codes, not words: the page says them in the guest's language
 * (messages/<lang>/survey.json, errors.*).
 */
export const surveyAnswerSchema = z.object({
  score: z.number({ message: 'score' }).int('score').min(SCORE_MIN, 'score').max(SCORE_MAX, 'score'),
  wentWell: z.string().trim().max(COMMENT_MAX, 'tooLong').default(''),
  toImprove: z.string().trim().max(COMMENT_MAX, 'tooLong').default(''),
});
export type SurveyAnswerInput = z.input<typeof surveyAnswerSchema>;
export type SurveyFieldError = 'score' | 'tooLong';
export type SurveyFieldErrors = Partial<Record<'score' | 'wentWell' | 'toImprove', SurveyFieldError>>;

/** The refusal of a bad answer, field by field, or null when it is fine. */
export function surveyFieldErrors(error: z.ZodError): SurveyFieldErrors {
  const out: SurveyFieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (field === 'score' || field === 'wentWell' || field === 'toImprove') out[field] ??= issue.message === 'tooLong' ? 'tooLong' : 'score';
  }
  return out;
}
