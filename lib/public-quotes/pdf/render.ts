import { renderToBuffer } from '@react-pdf/renderer';
import { createElement } from 'react';
import type { DbOrTx } from '@/db/client';
import { guestQuotePath } from '../links';
import { buildGuestQuoteView, type GuestQuoteIds } from '../view';
import { pdfFileName } from './pdf-text';
import { loadPdfPictures } from './pictures';
import { QuoteDocument } from './quote-document';
import { pdfWords } from './texts';

export type QuotePdf = { bytes: Buffer; fileName: string; locale: string };

/**
 * The quote as a PDF in the guest's language, from the very view the mini-site renders
 * (buildGuestQuoteView): null unless the three ids belong together, like the page's 404.
 * Reads only; `origin` adds a link back to the mini-site.
 */
export async function renderQuotePdf(db: DbOrTx, ids: GuestQuoteIds, options: { origin?: string } = {}): Promise<QuotePdf | null> {
  const view = await buildGuestQuoteView(db, ids);
  if (!view) return null;
  const [words, pictures] = await Promise.all([pdfWords(view), loadPdfPictures(db, view)]);
  const quoteUrl = options.origin ? options.origin.replace(/\/$/, '') + guestQuotePath(ids) : null;
  const bytes = await renderToBuffer(createElement(QuoteDocument, { view, words, pictures, quoteUrl }) as Parameters<typeof renderToBuffer>[0]);
  return {
    bytes,
    fileName: pdfFileName(words.untitled, view.campsite.name, view.quote.name),
    locale: view.locale,
  };
}
