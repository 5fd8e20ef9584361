import { Badge } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import { scoreCategory, type ScoreCategory } from '@/lib/surveys/score';

// Filled, with the text's colour picked for contrast: a light yellow badge would fail WCAG AA.
const COLOUR: Record<ScoreCategory, string> = { detrattore: 'red.8', passivo: 'yellow.4', promotore: 'teal.8' };

/** A survey score with its colour and its name: red «Detrattore», yellow «Passivo», green «Promotore». */
export async function ScoreBadge({ score }: { score: number }) {
  const t = await getTranslations('surveys');
  const category = scoreCategory(score);
  return (
    <Badge color={COLOUR[category]} autoContrast variant="filled" tt="none" size="lg" radius="sm" data-testid="survey-score-badge" data-category={category}>
      {t('score', { score })} · {t(`category.${category}`)}
    </Badge>
  );
}
