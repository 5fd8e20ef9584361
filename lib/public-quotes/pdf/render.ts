import { createElement } from 'react';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import { guestQuotePath } from '@/lib/vocabulary/quote-links';
import { buildGuestQuoteView, type GuestQuoteIds, type GuestQuoteKey, type GuestQuoteView } from '../view';
import { pdfFileName } from './pdf-text';
import { loadPdfPictures, type PdfPicture } from './pictures';
import { QuoteDocument } from './quote-document';
import { renderTaggedPdf } from './tagged-render';
import { pdfWords } from './texts';

export type QuotePdf = { bytes: Buffer; fileName: string; locale: string };
export type QuotePdfData = { ids: GuestQuoteIds; view: GuestQuoteView; pictures: Map<string, PdfPicture> };

/**
 * What the PDF shows, read from the database: the very view the mini-site renders
 * (buildGuestQuoteView) and its pictures. Null unless the three ids belong together, like the
 * page's 404. Apart from the drawing, so a caller's transaction is not held while it draws.
 */
export async function loadQuotePdf(ctx: CampsiteCtx, key: GuestQuoteKey): Promise<QuotePdfData | null> {
  const view = await buildGuestQuoteView(ctx, key);
  if (!view) return null;
  const ids = { campsiteId: ctx.campsiteId, quoteId: key.quoteId, contactId: key.contactId };
  return { ids, view, pictures: await loadPdfPictures(ctx, view) };
}

/** Draws the document in the guest's language, tagged for screen readers; `origin` adds a link back to the mini-site. */
export async function drawQuotePdf({ ids, view, pictures }: QuotePdfData, options: { origin?: string } = {}): Promise<QuotePdf> {
  const words = await pdfWords(view);
  const quoteUrl = options.origin ? options.origin.replace(/\/$/, '') + guestQuotePath(ids) : null;
  const bytes = await renderTaggedPdf(createElement(QuoteDocument, { view, words, pictures, quoteUrl }));
  return { bytes, fileName: pdfFileName(words.untitled, view.campsite.name, view.quote.name), locale: view.locale };
}

/** The quote as a PDF in the guest's language, or null when the ids do not belong together. Reads only. */
export async function renderQuotePdf(ctx: CampsiteCtx, key: GuestQuoteKey, options: { origin?: string } = {}): Promise<QuotePdf | null> {
  const data = await loadQuotePdf(ctx, key);
  return data && drawQuotePdf(data, options);
}
