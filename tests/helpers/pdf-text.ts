import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** pdf.js's own metrics of the standard fonts (Helvetica), so it reads their text without warnings. */
const STANDARD_FONTS = path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts') + path.sep;

/**
 * A PDF's text as a reader copies it, page after page, every run of white space (the no-break
 * spaces of amounts included) as one space, so a page's "1.234,50 €" is found as written.
 */
export async function pdfPlainText(bytes: Uint8Array): Promise<{ text: string; pages: number }> {
  const task = getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, standardFontDataUrl: STANDARD_FONTS });
  const document = await task.promise;
  const parts: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    parts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  const pages = document.numPages;
  await task.destroy();
  return { text: normalSpaces(parts.join(' ')), pages };
}

export const normalSpaces = (text: string) => text.replace(/\s+/g, ' ').trim();
