"use client";

import { SegmentedControl } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useUrlState } from "@/components/quotes/use-url-state";

/** «Elenco | Bacheca»: the filters stay in the address, the page and the open quote do not. */
export function ViewSwitch({ board }: { board: boolean }) {
  const t = useTranslations("board");
  const { update } = useUrlState();
  return (
    <SegmentedControl
      aria-label={t("view")}
      value={board ? "bacheca" : "elenco"}
      onChange={(value) =>
        update({ vista: value === "bacheca" ? "bacheca" : null, apri: null })
      }
      data={[
        { value: "elenco", label: t("list") },
        { value: "bacheca", label: t("board") },
      ]}
    />
  );
}
