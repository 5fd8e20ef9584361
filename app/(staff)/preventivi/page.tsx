import { Alert, EmptyState, Group, Stack, Text, Title } from "@mantine/core";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { QuoteBoard } from "@/components/board/quote-board";
import { ViewSwitch } from "@/components/board/view-switch";
import { QuoteDrawerContent } from "@/components/quotes/quote-drawer-content";
import { QuoteFilters } from "@/components/quotes/quote-filters";
import { QuoteTable } from "@/components/quotes/quote-table";
import { PageContainer } from "@/components/shell/page-container";
import { LinkAnchor } from "@/components/ui/link-anchor";
import { LinkButton } from "@/components/ui/link-button";
import { nationNameOf } from "@/lib/contacts/reference";
import { getOwnCampsite } from "@/lib/campsites/service";
import { staffPage } from "@/lib/context/staff";
import { classifyError } from "@/lib/error-classification";
import { listAssignableUsers } from "@/lib/quotes/assignable-users";
import { loadBoard, type BoardColumn } from "@/lib/quotes/board";
import {
  parseQuoteListParams,
  resolveAssignee,
} from "@/lib/quotes/list-params";
import { quoteDetailOrFailure } from "@/lib/quotes/page-loaders";
import { listQuotes } from "@/lib/quotes/queries";
import {
  lastStaysForQuotes,
  type LastStay,
} from "@/lib/quotes/returning-guests";

type SearchParams = Record<string, string | string[] | undefined>;

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("quotes"))("listTitle") };
}

const single = (value: string | string[] | undefined) =>
  Array.isArray(value) ? value[0] : value;
const many = (value: string | string[] | undefined) =>
  Array.isArray(value) ? value : value ? [value] : [];

function withParams(
  params: SearchParams,
  changes: Record<string, string | null>,
): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    for (const item of many(value)) query.append(key, item);
  for (const [key, value] of Object.entries(changes)) {
    query.delete(key);
    if (value) query.set(key, value);
  }
  const text = query.toString();
  return text ? `/preventivi?${text}` : "/preventivi";
}

export default async function QuotesPage({
  searchParams,
}: {
  searchParams: Promise<SearchParams>;
}) {
  const { run, tenant } = await staffPage();
  const params = await searchParams;
  const t = await getTranslations("quotes");
  const [campsite, users] = await run(
    async (ctx) =>
      [await getOwnCampsite(ctx), await listAssignableUsers(ctx)] as const,
  );
  const filters = resolveAssignee(parseQuoteListParams(params), tenant.userId);
  const board = single(params.vista) === "bacheca";
  const filtered = Boolean(
    filters.search ||
    filters.progress?.length ||
    filters.tag ||
    filters.dateFrom ||
    filters.dateTo ||
    filters.nationId !== undefined ||
    filters.guests ||
    filters.assignee,
  );
  const nationName = filters.nationId
    ? await run((ctx) => nationNameOf(ctx, filters.nationId!))
    : null;
  let page: Awaited<ReturnType<typeof listQuotes>> | null = null;
  let columns: BoardColumn[] | null = null;
  let returning = new Map<string, LastStay>();
  let failure: string | null = null;
  try {
    if (board) columns = await run((ctx) => loadBoard(ctx, filters));
    else
      ({ page, returning } = await run(async (ctx) => {
        const found = await listQuotes(ctx, filters);
        return {
          page: found,
          returning: await lastStaysForQuotes(ctx, {
            quoteIds: found.items.map((item) => item.id),
          }),
        };
      }));
  } catch (error) {
    const known = classifyError(error);
    if (!known) throw error;
    failure = known.message;
  }
  const openId = board ? undefined : single(params.apri);
  const drawer = openId
    ? await run((ctx) => quoteDetailOrFailure(ctx, openId))
    : null;
  const ids = page?.items.map((item) => item.id) ?? [];
  const openIndex = openId ? ids.indexOf(openId) : -1;
  return (
    <PageContainer>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={1}>{t("listTitle")}</Title>
            <Text c="dimmed">{t("listSubtitle")}</Text>
          </div>
          <LinkButton href="/crea-preventivo">{t("newQuote")}</LinkButton>
        </Group>
        <Group align="flex-end" gap="sm">
          <ViewSwitch board={board} />
        </Group>
        <QuoteFilters
          tags={campsite.personalizedQuoteTags.map((tag) => tag.name)}
          users={users}
          board={board}
        />
        {(filters.nationId !== undefined || filters.guests) && (
          <Text size="sm" data-testid="quote-extra-filters">
            {[
              filters.nationId !== undefined
                ? t("onlyNation", { nation: nationName ?? t("nationUnknown") })
                : null,
              filters.guests
                ? t(
                    filters.guests === "ritorno"
                      ? "onlyReturning"
                      : "onlyFirstTime",
                  )
                : null,
            ]
              .filter(Boolean)
              .join(" · ")}{" "}
            <LinkAnchor
              href={withParams(params, {
                nazione: null,
                ospiti: null,
                dopo: null,
                apri: null,
              })}
            >
              {t("removeFilter")}
            </LinkAnchor>
          </Text>
        )}
        {failure && (
          <Alert color="red" title={t("filterError")} role="alert">
            {failure}
          </Alert>
        )}
        {columns && <QuoteBoard columns={columns} />}
        {page && page.items.length === 0 && (
          <EmptyState title={filtered ? t("empty") : t("emptyAll")} />
        )}
        {page && page.items.length > 0 && (
          <QuoteTable
            items={page.items}
            returning={returning}
            hrefFor={(id) => withParams(params, { apri: id })}
          />
        )}
        <Group justify="space-between" hidden={board}>
          {filters.cursor ? (
            <LinkButton
              href={withParams(params, { dopo: null, apri: null })}
              variant="subtle"
            >
              {t("firstPage")}
            </LinkButton>
          ) : (
            <span />
          )}
          {page?.nextCursor && (
            <LinkButton
              href={withParams(params, { dopo: page.nextCursor, apri: null })}
              variant="light"
            >
              {t("nextPage")}
            </LinkButton>
          )}
        </Group>
      </Stack>
      {drawer && (
        <QuoteDrawerContent
          drawer={drawer}
          closeHref={withParams(params, { apri: null })}
          previousHref={
            openIndex > 0
              ? withParams(params, { apri: ids[openIndex - 1] })
              : null
          }
          nextHref={
            openIndex >= 0 && openIndex < ids.length - 1
              ? withParams(params, { apri: ids[openIndex + 1] })
              : null
          }
        />
      )}
    </PageContainer>
  );
}
