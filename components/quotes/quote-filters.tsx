"use client";

import {
  Button,
  Group,
  Loader,
  MultiSelect,
  Select,
  TextInput,
} from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { parseItalianDate } from "@/lib/date-filter";
import { QUOTE_PROGRESS } from "@/lib/vocabulary/quote-progress";
import { useUrlState } from "./use-url-state";

function DateFilter({
  name,
  label,
  initial,
  onValid,
}: {
  name: string;
  label: string;
  initial: string;
  onValid: (value: string) => void;
}) {
  const t = useTranslations("quotes.filters");
  const [value, setValue] = useState(initial);
  const invalid = value.trim() !== "" && !parseItalianDate(value);
  return (
    <TextInput
      name={name}
      label={label}
      placeholder={t("datePlaceholder")}
      value={value}
      error={invalid ? t("invalidDate") : undefined}
      onChange={(event) => setValue(event.currentTarget.value)}
      onBlur={() => !invalid && onValid(value.trim())}
      onKeyDown={(event) =>
        event.key === "Enter" && !invalid && onValid(value.trim())
      }
      w={130}
      inputMode="numeric"
    />
  );
}

/** `board`: the board's columns are the states, so its filters leave the state out. */
export function QuoteFilters({
  tags,
  users,
  board = false,
}: {
  tags: string[];
  users: { id: string; name: string }[];
  board?: boolean;
}) {
  const t = useTranslations("quotes.filters");
  const tp = useTranslations("progress");
  const { params, update, pending } = useUrlState();
  const [search, setSearch] = useState(params.get("q") ?? "");
  const pushSearch = useDebouncedCallback(
    (value: string) => update({ q: value.trim() || null }),
    350,
  );
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <TextInput
        label={t("search")}
        placeholder={t("searchPlaceholder")}
        leftSection={
          pending ? <Loader size={14} /> : <IconSearch size={16} aria-hidden />
        }
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          pushSearch(event.currentTarget.value);
        }}
        w={{ base: "100%", sm: 280 }}
        type="search"
      />
      {!board && (
        <MultiSelect
          label={t("progress")}
          placeholder={
            params.getAll("stato").length ? undefined : t("progressPlaceholder")
          }
          data={QUOTE_PROGRESS.map((progress) => ({
            value: progress,
            label: tp(progress),
          }))}
          value={params.getAll("stato")}
          onChange={(value) => update({ stato: value })}
          clearable
          w={{ base: "100%", sm: 260 }}
        />
      )}
      <Select
        label={t("tag")}
        placeholder={t("tagPlaceholder")}
        data={tags}
        value={params.get("etichetta")}
        onChange={(value) => update({ etichetta: value })}
        clearable
        w={{ base: "100%", sm: 180 }}
      />
      <Select
        label={t("assignee")}
        placeholder={t("assigneePlaceholder")}
        data={[
          { value: "me", label: t("assigneeMe") },
          { value: "nessuno", label: t("assigneeNobody") },
          ...users.map((user) => ({ value: user.id, label: user.name })),
        ]}
        value={params.get("inCarico")}
        onChange={(value) => update({ inCarico: value })}
        clearable
        searchable
        w={{ base: "100%", sm: 180 }}
      />
      <DateFilter
        key={`dal-${params.get("dal") ?? ""}`}
        name="dal"
        label={t("from")}
        initial={params.get("dal") ?? ""}
        onValid={(value) => update({ dal: value || null })}
      />
      <DateFilter
        key={`al-${params.get("al") ?? ""}`}
        name="al"
        label={t("to")}
        initial={params.get("al") ?? ""}
        onValid={(value) => update({ al: value || null })}
      />
      <Button
        variant="subtle"
        onClick={() => {
          setSearch("");
          update({
            q: null,
            stato: null,
            etichetta: null,
            dal: null,
            al: null,
            nazione: null,
            ospiti: null,
            inCarico: null,
          });
        }}
      >
        {t("reset")}
      </Button>
    </Group>
  );
}
