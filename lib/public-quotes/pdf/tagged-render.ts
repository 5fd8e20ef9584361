/**
 * A react-pdf document drawn as a tagged PDF: /MarkInfo, a structure tree in reading order
 * (headings, paragraphs, figures with their alternative text, one section per offer) and /Lang,
 * so a screen reader reads the quote in the guest's language and in order.
 *
 * react-pdf 4.9 passes the document's language to pdfkit but neither asks it for a tagged file
 * nor marks what it draws. So its own three steps run here: its reconciler builds the tree
 * (`pdf`), its layout places it, and its renderer draws it, one node at a time, each inside its
 * marked content. pdfkit, @react-pdf/layout and @react-pdf/render are @react-pdf/renderer's own
 * dependencies at the versions it pins; they are external on the server like it (next.config.ts).
 */
import layoutDocument from '@react-pdf/layout';
import renderNodes from '@react-pdf/render';
import { Font, pdf } from '@react-pdf/renderer';
import PDFDocument from 'pdfkit';
import type { ReactElement } from 'react';

/** What a node of the drawing is in the document's structure; set with `pdfTag` below. */
export type PdfRole = 'Sect' | 'H1' | 'H2' | 'H3' | 'P' | 'Figure' | 'Artifact';

/**
 * Props react-pdf carries untouched to the laid-out node, read here: `{...pdfTag('H2')}` on a
 * Text, `{...pdfTag('Figure', alt)}` on an Image, `{...pdfTag('Sect')}` on a View that groups.
 * Without one, a Text is a paragraph and a View only groups what it holds.
 */
export function pdfTag(role: PdfRole, alt?: string): object {
  return alt ? { pdfTag: role, pdfAlt: alt } : { pdfTag: role };
}

type Box = { left: number; top: number };
type LaidOutNode = { type: string; box?: Box; props?: Record<string, unknown>; children?: LaidOutNode[] };
type DocumentProps = { title?: string; author?: string; subject?: string; language?: string };

/** The small part of pdfkit's tagged-content interface used here (pdfkit ships no types). */
type StructElement = { add(child: unknown): StructElement; end(): void };
type TaggedDoc = {
  struct(type: string, options?: { alt?: string }): StructElement;
  addStructure(element: StructElement): TaggedDoc;
  markStructureContent(tag: string): unknown;
  markContent(tag: string, options?: Record<string, unknown>): TaggedDoc;
  endMarkedContent(): TaggedDoc;
  save(): TaggedDoc;
  restore(): TaggedDoc;
  translate(x: number, y: number): TaggedDoc;
  end(): void;
  on(event: string, listener: (...args: never[]) => void): void;
};
type Draw = (doc: unknown, root: { children: LaidOutNode[] }) => unknown;

const LEAVES = new Set(['TEXT', 'LINK', 'IMAGE']);

/** Draws one node with react-pdf's own renderer: its box, borders and, unless emptied, what it holds. */
function drawNode(doc: TaggedDoc, node: LaidOutNode) {
  // The renderer ends the document after its pages: here it draws a single node, so not yet.
  const end = doc.end;
  doc.end = () => {};
  try {
    (renderNodes as unknown as Draw)(doc, { children: [node] });
  } finally {
    doc.end = end;
  }
}

function artifact(doc: TaggedDoc, node: LaidOutNode, type?: 'Pagination') {
  doc.markContent('Artifact', type ? { type } : {});
  drawNode(doc, node);
  doc.endMarkedContent();
}

/** The words a node shows, for a link's description. */
function textOf(node: LaidOutNode & { value?: unknown }): string {
  if (typeof node.value === 'string') return node.value;
  return (node.children ?? []).map(textOf).join('');
}

type LinkCall = (x: number, y: number, w: number, h: number, url: string, options?: Record<string, unknown>) => unknown;

function tagged(doc: TaggedDoc, parent: StructElement, role: string, node: LaidOutNode, alt?: string) {
  const target = node.props?.src ?? node.props?.href;
  // A link is a Link element holding its words and its annotation, so a reader announces and follows it.
  const linked = node.type !== 'IMAGE' && typeof target === 'string' && target !== '';
  const element = doc.struct(linked ? 'Link' : role, alt ? { alt } : {});
  parent.add(element);
  const content = doc.markStructureContent(linked ? 'Link' : role);
  const withLink = doc as TaggedDoc & { link: LinkCall };
  const link = withLink.link;
  if (linked) {
    withLink.link = (x, y, w, h, url, options = {}) => link.call(doc, x, y, w, h, url, { ...options, structParent: element, Contents: new String(textOf(node) || url) });
  }
  try {
    drawNode(doc, node);
  } finally {
    withLink.link = link;
  }
  doc.endMarkedContent();
  element.add(content);
  element.end();
}

function walk(doc: TaggedDoc, parent: StructElement, node: LaidOutNode) {
  const role = node.props?.pdfTag as PdfRole | undefined;
  const alt = typeof node.props?.pdfAlt === 'string' ? node.props.pdfAlt : undefined;
  // What repeats on every page (the footer) is pagination, not content.
  if (node.props?.fixed) return artifact(doc, node, 'Pagination');
  if (role === 'Artifact') return artifact(doc, node);
  if (node.type === 'IMAGE') return alt ? tagged(doc, parent, 'Figure', node, alt) : artifact(doc, node);
  if (LEAVES.has(node.type)) return tagged(doc, parent, role ?? 'P', node);
  // A box: its background and borders are decoration; what it holds follows in order.
  artifact(doc, { ...node, children: [] });
  const children = node.children ?? [];
  if (children.length === 0) return;
  const group = role ? doc.struct(role) : null;
  if (group) parent.add(group);
  doc.save();
  if (node.box) doc.translate(node.box.left, node.box.top);
  for (const child of children) walk(doc, group ?? parent, child);
  doc.restore();
  group?.end();
}

/** The document as PDF bytes, tagged, in the language of its `language` prop. */
export async function renderTaggedPdf(element: ReactElement): Promise<Buffer> {
  const instance = pdf(element as Parameters<typeof pdf>[0]) as unknown as { container: { document: LaidOutNode & { props: DocumentProps } } };
  const tree = instance.container.document;
  const { title, author, subject, language } = tree.props;
  const info = Object.fromEntries(Object.entries({ Title: title, Author: author, Subject: subject, Creator: 'CRM Campeggi', Producer: 'react-pdf' }).filter(([, value]) => value !== undefined));
  const Pdfkit = PDFDocument as unknown as new (options: Record<string, unknown>) => TaggedDoc;
  const doc = new Pdfkit({ compress: true, pdfVersion: '1.7', lang: language, tagged: true, displayTitle: true, autoFirstPage: false, info });
  const layout = (await (layoutDocument as unknown as (tree: unknown, fonts: unknown) => Promise<LaidOutNode>)(tree, Font));

  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const root = doc.struct('Document');
  doc.addStructure(root);
  for (const page of layout.children ?? []) {
    // The page itself: a new sheet of paper, nothing to read.
    drawNode(doc, { ...page, children: [] });
    doc.save();
    if (page.box) doc.translate(page.box.left, page.box.top);
    for (const child of page.children ?? []) walk(doc, root, child);
    doc.restore();
  }
  root.end();
  doc.end();
  return done;
}
