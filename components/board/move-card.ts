import type { BoardColumn } from "@/lib/quotes/board";
import type { QuoteProgress } from "@/lib/vocabulary/quote-progress";

/** The board with one card moved to the top of another column, its count and total carried along; the same board if nothing moves. */
export function moveCard(
  columns: BoardColumn[],
  quoteId: string,
  to: QuoteProgress,
): BoardColumn[] {
  const source = columns.find((column) =>
    column.page.items.some((card) => card.id === quoteId),
  );
  const card = source?.page.items.find((item) => item.id === quoteId);
  if (
    !source ||
    !card ||
    source.progress === to ||
    !columns.some((column) => column.progress === to)
  )
    return columns;
  return columns.map((column) => {
    if (column.progress === source.progress) {
      return {
        ...column,
        count: column.count - 1,
        totalCents: column.totalCents - card.totalCents,
        page: {
          ...column.page,
          items: column.page.items.filter((item) => item.id !== quoteId),
        },
      };
    }
    if (column.progress === to) {
      const moved = {
        ...card,
        progress: to as typeof card.progress,
        daysLeft: null,
      };
      return {
        ...column,
        count: column.count + 1,
        totalCents: column.totalCents + card.totalCents,
        page: { ...column.page, items: [moved, ...column.page.items] },
      };
    }
    return column;
  });
}
