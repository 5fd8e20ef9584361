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

/** Each page's text on its own, as pdfPlainText reads it: where a card landed. */
export async function pdfPageTexts(bytes: Uint8Array): Promise<string[]> {
  const task = getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, standardFontDataUrl: STANDARD_FONTS });
  const document = await task.promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(normalSpaces(content.items.map((item) => ('str' in item ? item.str : '')).join(' ')));
  }
  await task.destroy();
  return pages;
}

type StructNode = { role?: string; alt?: string; children?: StructNode[] };

/**
 * What a screen reader gets of a PDF: whether it is tagged (/MarkInfo /Marked), its /Lang, and the
 * roles of its structure tree (/StructTreeRoot) page by page, with the figures' alternative texts.
 */
export async function pdfAccessibility(bytes: Uint8Array): Promise<{ marked: boolean; lang: string | null; roles: string[][]; figureAlts: string[] }> {
  const task = getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, standardFontDataUrl: STANDARD_FONTS });
  const document = await task.promise;
  const markInfo = (await document.getMarkInfo()) as Map<string, boolean> | { Marked?: boolean } | null;
  const marked = markInfo instanceof Map ? markInfo.get('Marked') === true : markInfo?.Marked === true;
  const catalog = Buffer.from(bytes).toString('latin1');
  const lang = /\/Lang \(([^)]*)\)/.exec(catalog)?.[1] ?? null;
  const roles: string[][] = [];
  const figureAlts: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const tree = (await (await document.getPage(number)).getStructTree()) as StructNode | null;
    const pageRoles: string[] = [];
    const visit = (node: StructNode) => {
      if (node.role) pageRoles.push(node.role);
      if (node.role === 'Figure') figureAlts.push(node.alt ?? '');
      node.children?.forEach(visit);
    };
    if (tree) visit(tree);
    roles.push(pageRoles);
  }
  await task.destroy();
  return { marked, lang, roles, figureAlts };
}
