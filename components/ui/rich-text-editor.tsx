'use client';

import { RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEditorLabels } from '@/components/editor/editor-labels';

type Props = { value: string; onChange: (html: string) => void; label: string; minHeight?: number };

/** The staff's text editor (Tiptap through Mantine): headings, emphasis, lists and links, as HTML. */
export function RichTextField({ value, onChange, label, minHeight = 120 }: Props) {
  const labels = useEditorLabels();
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
