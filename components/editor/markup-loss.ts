import { generateHTML, generateJSON, type Extensions } from '@tiptap/react';

/** Tags the visual editor writes under another name: not a loss. */
const SAME_TAG: Record<string, string> = { b: 'strong', i: 'em', strike: 's', del: 's' };
/** Attributes the editor may rewrite harmlessly (links get rel/target; style is compared by property). */
const IGNORED_ATTRIBUTES = new Set(['style', 'rel', 'target']);

/** What an HTML text expresses, as a set of facts: tags, attributes, style properties and the words. */
function factsOf(html: string): Set<string> {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  // The words, without whitespace: the editor re-flows blank space between blocks freely.
  const facts = new Set<string>([`text:${(body.textContent ?? '').replace(/\s+/g, '')}`]);
  for (const element of body.querySelectorAll('*')) {
    const tag = element.tagName.toLowerCase();
    facts.add(`tag:${SAME_TAG[tag] ?? tag}`);
    for (const attribute of element.attributes) {
      if (!IGNORED_ATTRIBUTES.has(attribute.name)) facts.add(`attr:${attribute.name}=${attribute.value}`);
    }
    const style = (element as HTMLElement).style;
    for (let index = 0; index < style.length; index++) facts.add(`style:${style[index]}`);
  }
  return facts;
}

/** A fact as staff who write HTML read it: <table>, class="x", font-size, or "testo". */
function describe(fact: string): string {
  const [kind, ...rest] = fact.split(':');
  const detail = rest.join(':');
  if (kind === 'tag') return `<${detail}>`;
  if (kind === 'attr') return detail.replace('=', '="') + '"';
  if (kind === 'style') return `style: ${detail}`;
  return 'testo';
}

/** The HTML as the visual editor would keep it. Browser only (it parses with the DOM). */
export function normalizedByEditor(html: string, extensions: Extensions): string {
  return generateHTML(generateJSON(html, extensions), extensions);
}

/**
 * What the visual editor would drop from `html` (a table, a class, a font size, some text):
 * a few examples, or an empty list when the editor can show it all. Then the editor opens, or
 * stays, in the source view instead of silently rewriting the template.
 */
export function markupLostByEditor(html: string, extensions: Extensions): string[] {
  if (!html.trim()) return [];
  const kept = factsOf(normalizedByEditor(html, extensions));
  return [...factsOf(html)].filter((fact) => !kept.has(fact)).map(describe);
}
