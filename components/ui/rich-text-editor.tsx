'use client';

import { RichTextEditor, type RichTextEditorLabels } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useTranslations } from 'next-intl';
import { useMemo } from 'react';

type Props = { value: string; onChange: (html: string) => void; label: string; minHeight?: number };

function useItalianLabels(): Partial<RichTextEditorLabels> {
  const t = useTranslations('richText');
  return useMemo(
    () => ({
      boldControlLabel: t('bold'),
      italicControlLabel: t('italic'),
      underlineControlLabel: t('underline'),
      strikeControlLabel: t('strike'),
      clearFormattingControlLabel: t('clearFormatting'),
      linkControlLabel: t('link'),
      unlinkControlLabel: t('unlink'),
      bulletListControlLabel: t('bulletList'),
      orderedListControlLabel: t('orderedList'),
      h3ControlLabel: t('h3'),
      h4ControlLabel: t('h4'),
      undoControlLabel: t('undo'),
      redoControlLabel: t('redo'),
      linkEditorInputLabel: t('linkInput'),
      linkEditorInputPlaceholder: t('linkPlaceholder'),
      linkEditorExternalLink: t('linkExternal'),
      linkEditorInternalLink: t('linkInternal'),
      linkEditorSave: t('linkSave'),
    }),
    [t],
  );
}

/** The staff's text editor (Tiptap through Mantine): headings, emphasis, lists and links, as HTML. */
export function RichTextField({ value, onChange, label, minHeight = 120 }: Props) {
  const labels = useItalianLabels();
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false } })],
    content: value,
    immediatelyRender: false,
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
    editorProps: { attributes: { 'aria-label': label } },
  });
  return (
    <div>
      <div style={{ fontSize: 'var(--mantine-font-size-sm)', fontWeight: 500, marginBottom: 4 }}>{label}</div>
      <RichTextEditor editor={editor} labels={labels} variant="subtle">
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.ClearFormatting />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H3 />
            <RichTextEditor.H4 />
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content style={{ minHeight }} />
      </RichTextEditor>
    </div>
  );
}
