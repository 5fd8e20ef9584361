import { Button, Checkbox, Group, NativeSelect } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import { LinkAnchor } from '@/components/ui/link-anchor';
import type { AnswerFilters } from '@/lib/surveys/links';

type Props = { filters: AnswerFilters; seasons: number[]; typologies: string[] };

/** The answers' filters as a plain GET form: the address keeps them, so a dashboard link opens the same view. */
export async function AnswerFiltersForm({ filters, seasons, typologies }: Props) {
  const t = await getTranslations('surveys');
  const typologyOptions = [{ value: '', label: t('allTypes') }, ...typologies.filter(Boolean).map((name) => ({ value: name, label: name }))];
  return (
    <form method="get" action="/dashboard/opinioni" data-testid="answer-filters">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <NativeSelect
          name="stagione"
          label={t('filterSeason')}
          defaultValue={filters.season ? String(filters.season) : ''}
          data={[{ value: '', label: t('allSeasons') }, ...seasons.map((season) => ({ value: String(season), label: String(season) }))]}
        />
        <NativeSelect name="alloggio" label={t('filterTypology')} defaultValue={filters.typology ?? ''} data={typologyOptions} />
        <Checkbox name="bassi" value="1" label={t('filterLow')} defaultChecked={filters.lowOnly} mb={8} />
        <Button type="submit" variant="light">
          {t('apply')}
        </Button>
        <LinkAnchor href="/dashboard/opinioni" size="sm" mb={8}>
          {t('reset')}
        </LinkAnchor>
      </Group>
    </form>
  );
}
