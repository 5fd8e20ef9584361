'use client';

import { ActionIcon, Button, Group, Paper, SegmentedControl, Select, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { saveLocalizationAction } from '@/app/(staff)/settings/campsite-actions';
import { LOCALIZATION_LOCALES as LOCALES } from '@/lib/campsites/settings-defaults';
import type { Localization } from '@/lib/vocabulary/campsite-shapes';
import type { LocalizableText } from './localization-keys';
import { SaveBar } from './save-bar';
import { useSettingsSave } from './use-settings-save';

const SHORT = 60;

/**
 * Guest-page texts the campsite words its own way, per language; a removed text goes back to the
 * page's. Each text shows where it appears and the page's own words in that language, never its key.
 */
export function LocalizationForm({ campsiteId, localization, texts: known }: { campsiteId: string; localization: Localization; texts: LocalizableText[] }) {
  const t = useTranslations('campsiteSettings.localization');
  const [locale, setLocale] = useState<(typeof LOCALES)[number]>('it');
  // Five languages do not fit side by side on a phone: one under the other there.
  const narrow = useMediaQuery('(max-width: 40em)', false, { getInitialValueInEffect: true });
  const [values, setValues] = useState<Localization>(localization);
  const [adding, setAdding] = useState<string | null>(null);
  const { pending, formError, error, submit } = useSettingsSave(saveLocalizationAction);
  const texts = values[locale] ?? {};
  const byKey = new Map(known.map((entry) => [entry.key, entry]));
  const where = (key: string) => {
    const group = byKey.get(key)?.group;
    return group && t.has(`groups.${group}`) ? t(`groups.${group}`) : t('otherText');
  };
  const pageText = (key: string) => byKey.get(key)?.texts[locale] ?? '';
  // The label names the text by where it is and how it starts; a long one is whole in the description.
  const label = (key: string) => {
    const text = pageText(key);
    return text ? `${where(key)}: «${text.length > SHORT ? `${text.slice(0, SHORT - 1)}…` : text}»` : where(key);
  };
  // The texts not yet reworded, by where they appear, each named by the page's own words.
  const choices = [...new Set(known.map((entry) => entry.group))].map((group) => ({
    group: t.has(`groups.${group}`) ? t(`groups.${group}`) : t('otherText'),
    items: known.filter((entry) => entry.group === group && !(entry.key in texts)).map((entry) => ({ value: entry.key, label: entry.texts[locale] })),
  })).filter((group) => group.items.length > 0);
  const setTexts = (next: Record<string, string>) => setValues({ ...values, [locale]: next });
  const save = (event: React.FormEvent) => {
    event.preventDefault();
    submit({ campsiteId, localization: values });
  };
  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={save} maw={760}>
      <Stack gap="sm">
        <Text size="sm">{t('intro')}</Text>
        <SegmentedControl
          value={locale}
          onChange={(value) => setLocale(value as typeof locale)}
          orientation={narrow ? 'vertical' : 'horizontal'}
          fullWidth={narrow}
          data={LOCALES.map((value) => ({ value, label: t(`locale.${value}`) }))}
        />
        {Object.keys(texts).length === 0 && <Text c="dimmed">{t('empty')}</Text>}
        {Object.entries(texts).map(([key, text]) => (
          <Group key={key} align="flex-start" wrap="nowrap" gap="xs">
            <Textarea
              label={label(key)}
              description={pageText(key).length > SHORT ? t('pageText', { text: pageText(key) }) : undefined}
              autosize
              minRows={1}
              value={text}
              onChange={(e) => setTexts({ ...texts, [key]: e.currentTarget.value })}
              error={error(`localization.${locale}.${key}`)}
              style={{ flex: 1 }}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              mt={28}
              aria-label={`${t('remove')}: ${label(key)}`}
              onClick={() => setTexts(Object.fromEntries(Object.entries(texts).filter(([other]) => other !== key)))}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        <Group align="flex-end" gap="xs">
          <Select label={t('add')} placeholder={t('choose')} searchable data={choices} value={adding} onChange={setAdding} w={420} maw="100%" />
          <Button
            variant="light"
            disabled={!adding}
            onClick={() => {
              if (adding) setTexts({ ...texts, [adding]: '' });
              setAdding(null);
            }}
          >
            {t('addButton')}
          </Button>
        </Group>
        <SaveBar pending={pending} formError={formError} />
      </Stack>
    </Paper>
  );
}
