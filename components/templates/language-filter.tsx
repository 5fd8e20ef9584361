'use client';

import { Select, SegmentedControl } from '@mantine/core';
import { usePathname, useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';

type Props = { languages: { id: number; name: string }[]; selected: number | null };

/** Few languages fit a segmented control; more than five fall back to a select. Kept in the URL (?lingua=3). */
export function LanguageFilter({ languages, selected }: Props) {
  const t = useTranslations('templates.dashboard');
  const router = useRouter();
  const pathname = usePathname();
  const data = [{ value: '', label: t('allLanguages') }, ...languages.map((language) => ({ value: String(language.id), label: language.name }))];
  const choose = (value: string | null) => router.replace(value ? `${pathname}?lingua=${value}` : pathname, { scroll: false });
  const value = selected === null ? '' : String(selected);

  if (languages.length > 5) {
    return <Select aria-label={t('filterLabel')} label={t('filterLabel')} data={data} value={value} onChange={choose} allowDeselect={false} w={240} />;
  }
  return <SegmentedControl aria-label={t('filterLabel')} data={data} value={value} onChange={choose} data-testid="template-language-filter" />;
}
