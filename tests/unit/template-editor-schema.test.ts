// @vitest-environment jsdom
import { Editor } from '@tiptap/react';
import { afterEach, describe, expect, it } from 'vitest';
import { templateExtensions } from '@/components/editor/extensions';
import { markupLostByEditor, normalizedByEditor } from '@/components/editor/markup-loss';

/** jsdom writes style attributes back with a closing ';' and colours as rgb(); browsers keep them as written. */
const tidy = (html: string) =>
  html
    .replace(/;"/g, '"')
    .replace(/rgb\((\d+), (\d+), (\d+)\)/g, (_match, ...rgb: string[]) => `#${rgb.slice(0, 3).map((part) => Number(part).toString(16).padStart(2, '0')).join('')}`);
const normalize = (html: string) => tidy(normalizedByEditor(html, templateExtensions));
const lost = (html: string) => markupLostByEditor(html, templateExtensions);

describe('the template editor’s schema', () => {
  it('keeps colour and line height spans, alignment, headings 1–4 and placeholder links', () => {
    const html =
      '<h2 style="text-align: center">Titolo</h2><p style="text-align: justify"><span style="color: #c92a2a; line-height: 12pt">Ciao {{nome}}</span> <a href="{{linkPreventivo}}">preventivo</a></p>';
    const kept = normalize(html);
    expect(kept).toContain('<h2 style="text-align: center">');
    expect(kept).toContain('<p style="text-align: justify">');
    expect(kept).toContain('style="color: #c92a2a; line-height: 12pt"');
    expect(kept).toContain('href="{{linkPreventivo}}"');
    expect(lost(html)).toEqual([]);
  });

  it('keeps an image’s size, style and image id, inside a paragraph', () => {
    const html = '<p>Foto: <img src="/api/getImage/abc" alt="Piscina" width="320" style="float: right; margin: 4px" data-image-id="abc"></p>';
    const kept = normalize(html);
    expect(kept).toContain('src="/api/getImage/abc"');
    expect(kept).toContain('width="320"');
    expect(kept).toContain('style="float: right; margin: 4px"');
    expect(kept).toContain('data-image-id="abc"');
    expect(lost(html)).toEqual([]);
  });

  it('does not count renamed tags (b, i) as a loss', () => {
    expect(lost('<p><b>grassetto</b> <i>corsivo</i></p><ul><li>uno</li></ul>')).toEqual([]);
  });

  it('tells what it would drop: tables, classes, other style properties, deeper headings', () => {
    expect(lost('<table><tr><td>cella</td></tr></table>')).toEqual(expect.arrayContaining(['<table>', '<td>']));
    expect(lost('<p class="firma">x</p>')).toEqual(['class="firma"']);
    expect(lost('<p><span style="color: red; font-size: 20px">x</span></p>')).toEqual(['style: font-size']);
    expect(lost('<h5>piccolo</h5>')).toEqual(['<h5>']);
  });
});

describe('the commands Mantine’s controls call', () => {
  let editor: Editor | undefined;
  afterEach(() => editor?.destroy());

  it('setColor, setLineHeight, setTextAlign and their unset counterparts', () => {
    editor = new Editor({ extensions: templateExtensions, content: '<p>Benvenuti</p>' });
    editor.chain().selectAll().setColor('#1864ab').setLineHeight('18pt').setTextAlign('center').run();
    expect(tidy(editor.getHTML())).toBe('<p style="text-align: center"><span style="color: #1864ab; line-height: 18pt">Benvenuti</span></p>');
    editor.chain().selectAll().unsetColor().run();
    expect(tidy(editor.getHTML())).toBe('<p style="text-align: center"><span style="line-height: 18pt">Benvenuti</span></p>');
    editor.chain().selectAll().unsetLineHeight().unsetTextAlign().run();
    expect(tidy(editor.getHTML())).toBe('<p>Benvenuti</p>');
    expect(editor.commands.setTextAlign('diagonal')).toBe(false);
  });
});
