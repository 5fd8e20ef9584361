"use client";

import {
  Alert,
  Badge,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from "@mantine/core";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { saveLabelTranslationsAction } from "@/app/(staff)/settings/campsite-actions";
import type { LabelGroup } from "@/lib/label-translations/catalogue-labels";
import type { LabelNames } from "@/lib/i18n/label-names";
import { SaveBar } from "./save-bar";
import { useSettingsSave } from "./use-settings-save";

const LANGUAGES = ["de", "en", "nl", "fr"] as const;
type Language = (typeof LANGUAGES)[number];

export type LabelRow = {
  source: string;
  group: LabelGroup | "other";
  platformNames: LabelNames;
  names: LabelNames;
};

const missingOf = (row: LabelRow, names: LabelNames) =>
  LANGUAGES.filter(
    (language) => !row.platformNames[language] && !names[language]?.trim(),
  );

/** The catalogue's Italian labels and their words for the guests; the languages nobody gives yet stand out. */
export function LabelTranslationsForm({
  campsiteId,
  rows,
  unreachable,
}: {
  campsiteId: string;
  rows: LabelRow[];
  unreachable: boolean;
}) {
  const t = useTranslations("labelTranslations");
  const [values, setValues] = useState<Record<string, LabelNames>>(() =>
    Object.fromEntries(rows.map((row) => [row.source, row.names])),
  );
  const [onlyMissing, setOnlyMissing] = useState(false);
  // The labels of the last save, in the order sent: a refused word is found by its position.
  const [sent, setSent] = useState<string[]>([]);
  const { pending, formError, error, submit } = useSettingsSave(
    saveLabelTranslationsAction,
  );
  const incomplete = rows.filter(
    (row) => missingOf(row, values[row.source] ?? {}).length > 0,
  );
  const shown = onlyMissing ? incomplete : rows;
  const set = (source: string, language: Language, value: string) =>
    setValues({
      ...values,
      [source]: { ...values[source], [language]: value },
    });
  const save = (event: React.FormEvent) => {
    event.preventDefault();
    const changed = rows.filter((row) =>
      LANGUAGES.some(
        (language) =>
          (values[row.source]?.[language] ?? "") !==
          (row.names[language] ?? ""),
      ),
    );
    setSent(changed.map((row) => row.source));
    submit({
      campsiteId,
      entries: changed.map((row) => ({
        source: row.source,
        names: pick(values[row.source] ?? {}),
      })),
    });
  };
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="form"
      onSubmit={save}
      maw={960}
    >
      <Stack gap="sm">
        <Text size="sm">{t("intro")}</Text>
        {unreachable && (
          <Alert color="yellow" role="status">
            {t("unreachable")}
          </Alert>
        )}
        <Group justify="space-between">
          <Text size="sm" fw={600} data-testid="label-translations-summary">
            {t("summary", { missing: incomplete.length, total: rows.length })}
          </Text>
          <Switch
            label={t("onlyMissing")}
            checked={onlyMissing}
            onChange={(event) => setOnlyMissing(event.currentTarget.checked)}
          />
        </Group>
        {shown.length === 0 && <Text c="dimmed">{t("none")}</Text>}
        {shown.map((row) => {
          const names = values[row.source] ?? {};
          const missing = missingOf(row, names);
          const index = rows.indexOf(row);
          return (
            <Paper
              key={row.source}
              role="group"
              aria-labelledby={`label-${index}`}
              data-testid="label-translation"
              data-missing={missing.length > 0}
              withBorder
              p="sm"
              radius="sm"
              style={
                missing.length
                  ? {
                      borderColor: "var(--mantine-color-orange-7)",
                      borderLeftWidth: 4,
                    }
                  : undefined
              }
            >
              <Group justify="space-between" gap="xs" mb="xs">
                <Text id={`label-${index}`} fw={600}>
                  {row.source}
                </Text>
                <Group gap={6}>
                  <Badge variant="outline" color="gray">
                    {t(`groups.${row.group}`)}
                  </Badge>
                  {missing.length > 0 && (
                    <Badge variant="outline" color="red.9">
                      {t("missing", {
                        languages: missing
                          .map((language) => t(`languages.${language}`))
                          .join(", "),
                      })}
                    </Badge>
                  )}
                </Group>
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="xs">
                {LANGUAGES.map((language) =>
                  row.platformNames[language] ? (
                    <TextInput
                      key={language}
                      label={t(`languages.${language}`)}
                      value={row.platformNames[language]}
                      description={t("fromPlatform")}
                      readOnly
                      variant="filled"
                    />
                  ) : (
                    <TextInput
                      key={language}
                      label={t(`languages.${language}`)}
                      value={names[language] ?? ""}
                      onChange={(event) =>
                        set(row.source, language, event.currentTarget.value)
                      }
                      error={
                        sent.includes(row.source)
                          ? error(
                              `entries.${sent.indexOf(row.source)}.names.${language}`,
                            )
                          : undefined
                      }
                      maxLength={200}
                    />
                  ),
                )}
              </SimpleGrid>
            </Paper>
          );
        })}
        <SaveBar pending={pending} formError={formError} />
      </Stack>
    </Paper>
  );
}

/** Only the languages the table keeps (the platform's own names are not copied into it). */
function pick(names: LabelNames): Record<Language, string> {
  return Object.fromEntries(
    LANGUAGES.map((language) => [language, names[language]?.trim() ?? ""]),
  ) as Record<Language, string>;
}
