import type { Extensions } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { TemplateImage } from './image';
import { TextAlign } from './text-align';
import { TextStyle } from './text-style';

/**
 * The template editor's schema. Whatever it has no node, mark or attribute for (tables, classes,
 * fonts, <style> blocks of a designed newsletter) Tiptap drops when it parses HTML; that is why
 * the editor also has an HTML source view, where staff may write any HTML (the spec allows it).
 */
export const templateExtensions: Extensions = [
  StarterKit.configure({ heading: { levels: [1, 2, 3, 4] }, link: { openOnClick: false, autolink: true } }),
  TextStyle,
  TextAlign,
  TemplateImage,
];
