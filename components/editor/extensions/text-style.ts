import { Mark, mergeAttributes } from '@tiptap/react';

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    textStyle: {
      /** Called by @mantine/tiptap's ColorPicker and Color controls. */
      setColor: (color: string) => ReturnType;
      unsetColor: () => ReturnType;
      setLineHeight: (lineHeight: string) => ReturnType;
      unsetLineHeight: () => ReturnType;
      /** Drops spans left with no style at all, so the HTML stays clean. */
      removeEmptyTextStyle: () => ReturnType;
    };
  }
}

/** A style property of the span, as written (quotes removed from colours pasted from Word). */
const styleOf = (element: HTMLElement, property: 'color' | 'lineHeight') => element.style[property]?.replace(/['"]+/g, '') || null;

/**
 * Our own textStyle mark: a <span style="…"> carrying a text colour and a line height. The
 * official @tiptap/extension-text-style is not available at 3.34 in our registry; this is the
 * small part of it the template editor needs, under the same name and command names, so
 * Mantine's colour controls work unchanged.
 */
export const TextStyle = Mark.create({
  name: 'textStyle',
  // Above the other marks, so a coloured link keeps its colour inside the <a>.
  priority: 101,

  addAttributes() {
    return {
      color: {
        default: null,
        parseHTML: (element) => styleOf(element, 'color'),
        renderHTML: (attributes) => (attributes.color ? { style: `color: ${attributes.color}` } : {}),
      },
      lineHeight: {
        default: null,
        parseHTML: (element) => styleOf(element, 'lineHeight'),
        renderHTML: (attributes) => (attributes.lineHeight ? { style: `line-height: ${attributes.lineHeight}` } : {}),
      },
    };
  },

  parseHTML() {
    return [{ tag: 'span', getAttrs: (element) => ((element as HTMLElement).hasAttribute('style') ? {} : false) }];
  },

  renderHTML({ HTMLAttributes }) {
    return ['span', mergeAttributes(HTMLAttributes), 0];
  },

  addCommands() {
    return {
      setColor:
        (color) =>
        ({ chain }) =>
          chain().setMark(this.name, { color }).run(),
      unsetColor:
        () =>
        ({ chain }) =>
          chain().setMark(this.name, { color: null }).removeEmptyTextStyle().run(),
      setLineHeight:
        (lineHeight) =>
        ({ chain }) =>
          chain().setMark(this.name, { lineHeight }).run(),
      unsetLineHeight:
        () =>
        ({ chain }) =>
          chain().setMark(this.name, { lineHeight: null }).removeEmptyTextStyle().run(),
      removeEmptyTextStyle:
        () =>
        ({ state, tr, dispatch }) => {
          const type = state.schema.marks[this.name];
          state.selection.ranges.forEach(({ $from, $to }) => {
            state.doc.nodesBetween($from.pos, $to.pos, (node, pos) => {
              const mark = node.marks.find((candidate) => candidate.type === type);
              if (mark && Object.values(mark.attrs).every((value) => value === null)) {
                tr.removeMark(pos, pos + node.nodeSize, type);
              }
            });
          });
          if (dispatch) dispatch(tr);
          return true;
        },
    };
  },
});
