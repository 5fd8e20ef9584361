import { notFound } from 'next/navigation';
import { runGuestWork } from '@/lib/context/unit-of-work';
import { AppError } from '@/lib/errors';
import { findSurvey, type SurveyView } from './survey';

export type SurveyRouteParams = { idCampeggio: string; token: string };

/** The survey a guest's link names, or the 404 page (an unknown token, another campsite's id). */
export async function surveyOr404(params: SurveyRouteParams): Promise<SurveyView> {
  // The link's campsite walls the handle: another campsite's token finds nothing.
  return runGuestWork(params.idCampeggio, (ctx) => findSurvey(ctx, params.token)).catch((error: unknown) => {
    if (error instanceof AppError && error.kind === 'not_found') notFound();
    throw error;
  });
}
