import { notFound } from "next/navigation";
import { classifyError } from "@/lib/error-classification";
import { AppError } from "@/lib/errors";
import type { CampsiteCtx } from "@/lib/context/unit-of-work";
import { getQuoteDetail, type QuoteDetail } from "./detail";

/** A page's quote: the campsite's own, and — when the URL names one — of that guest; else the 404 page. */
export async function quoteDetailOr404(
  ctx: CampsiteCtx,
  quoteId: string,
  contactId?: string,
): Promise<QuoteDetail> {
  try {
    const detail = await getQuoteDetail(ctx, quoteId);
    if (contactId && detail.contact.id !== contactId) notFound();
    return detail;
  } catch (error) {
    if (error instanceof AppError && error.kind === "not_found") notFound();
    throw error;
  }
}

/** The list's drawer: the quote, or the message of a known failure shown in its place; other errors propagate. */
export type QuoteDrawerData =
  | { detail: QuoteDetail; failure?: never }
  | { detail?: never; failure: string };

export async function quoteDetailOrFailure(
  ctx: CampsiteCtx,
  quoteId: string,
): Promise<QuoteDrawerData> {
  try {
    return { detail: await getQuoteDetail(ctx, quoteId) };
  } catch (error) {
    const known = classifyError(error);
    if (!known) throw error;
    return { failure: known.message };
  }
}
