import { Extension } from '@tiptap/react';

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    textAlign: {
      /** Called by @mantine/tiptap's AlignLeft/Center/Right/Justify controls. */
      setTextAlign: (alignment: string) => ReturnType;
      unsetTextAlign: () => ReturnType;
    };
  }
}

export const ALIGNMENTS = ['left', 'center', 'right', 'justify'] as const;
const TYPES = ['heading', 'paragraph'];

/**
 * Text alignment as a style attribute of paragraphs and headings (text-align: …), the part of
 * @tiptap/extension-text-align we need; that package is not available at 3.34 in our registry.
 * An explicit "left" is kept, so HTML written with it comes back unchanged.
 */
export const TextAlign = Extension.create({
  name: 'textAlign',

  addGlobalAttributes() {
    return [
      {
        types: TYPES,
        attributes: {
          textAlign: {
            default: null,
            parseHTML: (element) => {
              const value = element.style.textAlign;
              return (ALIGNMENTS as readonly string[]).includes(value) ? value : null;
            },
            renderHTML: (attributes) => (attributes.textAlign ? { style: `text-align: ${attributes.textAlign}` } : {}),
          },
        },
      },
    ];
  },

  addCommands() {
    return {
      setTextAlign:
        (alignment) =>
        ({ commands }) => {
          if (!(ALIGNMENTS as readonly string[]).includes(alignment)) return false;
          return TYPES.map((type) => commands.updateAttributes(type, { textAlign: alignment })).some(Boolean);
        },
      unsetTextAlign:
        () =>
        ({ commands }) =>
          TYPES.map((type) => commands.resetAttributes(type, 'textAlign')).some(Boolean),
    };
  },
});
