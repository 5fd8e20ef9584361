import { renderToBuffer } from '@react-pdf/renderer';
import { createElement } from 'react';
import type { DbOrTx } from '@/db/client';
import { guestQuotePath } from '@/lib/vocabulary/quote-links';
import { buildGuestQuoteView, type GuestQuoteIds, type GuestQuoteView } from '../view';
import { pdfFileName } from './pdf-text';
import { loadPdfPictures, type PdfPicture } from './pictures';
import { QuoteDocument } from './quote-document';
import { pdfWords } from './texts';

export type QuotePdf = { bytes: Buffer; fileName: string; locale: string };
export type QuotePdfData = { ids: GuestQuoteIds; view: GuestQuoteView; pictures: Map<string, PdfPicture> };

/**
 * What the PDF shows, read from the database: the very view the mini-site renders
 * (buildGuestQuoteView) and its pictures. Null unless the three ids belong together, like the
 * page's 404. Apart from the drawing, so a caller's transaction is not held while it draws.
 */
export async function loadQuotePdf(db: DbOrTx, ids: GuestQuoteIds): Promise<QuotePdfData | null> {
  const view = await buildGuestQuoteView(db, ids);
  if (!view) return null;
  return { ids, view, pictures: await loadPdfPictures(db, view) };
}

/** Draws the document in the guest's language; `origin` adds a link back to the mini-site. */
export async function drawQuotePdf({ ids, view, pictures }: QuotePdfData, options: { origin?: string } = {}): Promise<QuotePdf> {
  const words = await pdfWords(view);
  const quoteUrl = options.origin ? options.origin.replace(/\/$/, '') + guestQuotePath(ids) : null;
  const bytes = await renderToBuffer(createElement(QuoteDocument, { view, words, pictures, quoteUrl }) as Parameters<typeof renderToBuffer>[0]);
  return { bytes, fileName: pdfFileName(words.untitled, view.campsite.name, view.quote.name), locale: view.locale };
}

/** The quote as a PDF in the guest's language, or null when the ids do not belong together. Reads only. */
export async function renderQuotePdf(db: DbOrTx, ids: GuestQuoteIds, options: { origin?: string } = {}): Promise<QuotePdf | null> {
  const data = await loadQuotePdf(db, ids);
  return data && drawQuotePdf(data, options);
}
