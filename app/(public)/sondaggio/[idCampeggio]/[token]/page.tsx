import type { Metadata } from 'next';
import { connection } from 'next/server';
import { sendSurveyAnswer } from '@/app/(public)/sondaggio/actions';
import { SurveyPage } from '@/components/surveys/survey-page';
import { surveyTranslator } from '@/lib/surveys/messages';
import { surveyOr404, type SurveyRouteParams } from '@/lib/surveys/page';

type Props = { params: Promise<SurveyRouteParams> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const survey = await surveyOr404(await params);
  const { t } = await surveyTranslator(survey.locale);
  return { title: t('metaTitle', { campsite: survey.campsiteName }), robots: { index: false, follow: false }, referrer: 'no-referrer' };
}

/** /sondaggio/:idCampeggio/:token — one guest's survey: rendered at each view, never cached across guests. */
export default async function SurveyRoute({ params }: Props) {
  await connection();
  const resolved = await params;
  const survey = await surveyOr404(resolved);
  return <SurveyPage campsiteId={resolved.idCampeggio} token={resolved.token} survey={survey} now={new Date()} action={sendSurveyAnswer} />;
}
