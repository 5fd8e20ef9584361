import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AbstractIntlMessages } from 'next-intl';
import { CLIENT_NAMESPACES, coveredBy, pickMessages } from '@/lib/i18n/client-messages';

const root = join(__dirname, '..', '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The Italian catalogue as the staff pages load it: it.json plus one file per namespace. */
function staffCatalogue(): AbstractIntlMessages {
  const folder = join(root, 'messages', 'it');
  const domains = readdirSync(folder).map((file) => [
    file.replace(/\.json$/, '').replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase()),
    JSON.parse(readFileSync(join(folder, file), 'utf8')) as AbstractIntlMessages,
  ]);
  return { ...JSON.parse(readFileSync(join(root, 'messages', 'it.json'), 'utf8')), ...Object.fromEntries(domains) };
}

function resolve(messages: AbstractIntlMessages, namespace: string) {
  let node: AbstractIntlMessages | string | undefined = messages;
  for (const segment of namespace.split('.')) node = typeof node === 'object' ? node[segment] : undefined;
  return node;
}

/** Every useTranslations(…) call in app/, components/ and lib/, with the argument as written. */
function translationCalls() {
  return ['app', 'components', 'lib'].flatMap((dir) =>
    sources(join(root, dir)).flatMap((path) => {
      const text = readFileSync(path, 'utf8');
      return [...text.matchAll(/\b(useTranslations|useMessages)\s*(?:<[^>]*>)?\(([^)]*)\)/g)].map((match) => ({
        file: relative(root, path),
        hook: match[1],
        argument: match[2].trim(),
      }));
    }),
  );
}

describe('the messages the staff pages send to the browser', () => {
  it('hold every namespace a client component reads', () => {
    const calls = translationCalls();
    expect(calls.length).toBeGreaterThan(50);
    const problems = calls.flatMap(({ file, hook, argument }) => {
      if (hook === 'useMessages') return [`${file}: useMessages reads the whole catalogue, which is not sent`];
      const literal = /^(['"`])([\w.]+)\1$/.exec(argument);
      if (!literal) return [`${file}: useTranslations(${argument}) — name the namespace with a string literal`];
      return coveredBy(literal[2]) ? [] : [`${file}: '${literal[2]}' is missing from CLIENT_NAMESPACES`];
    });
    expect(problems).toEqual([]);
  });

  it('name only namespaces that exist, and pick exactly them', () => {
    const catalogue = staffCatalogue();
    for (const namespace of CLIENT_NAMESPACES) expect(resolve(catalogue, namespace), namespace).toBeTypeOf('object');
    const picked = pickMessages(catalogue);
    for (const namespace of CLIENT_NAMESPACES) expect(resolve(picked, namespace)).toEqual(resolve(catalogue, namespace));
    expect(resolve(picked, 'dashboard')).toBeUndefined();
    expect(resolve(picked, 'mail.status')).toBeDefined();
    expect(JSON.stringify(picked).length).toBeLessThan(JSON.stringify(catalogue).length);
  });

  it('keep siblings apart when two entries share a parent', () => {
    const messages = { a: { x: { k: '1' }, y: { k: '2' }, z: { k: '3' } }, b: { k: '4' } };
    expect(pickMessages(messages, ['a.x', 'a.y'])).toEqual({ a: { x: { k: '1' }, y: { k: '2' } } });
    expect(coveredBy('a.x.deep', ['a.x'])).toBe(true);
    expect(coveredBy('a.xy', ['a.x'])).toBe(false);
  });
});
