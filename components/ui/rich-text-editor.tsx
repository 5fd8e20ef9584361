'use client';

import { RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEditorLabels } from '@/components/editor/editor-labels';
import { TextStyle } from '@/components/editor/extensions/text-style';
import { LineHeightSelect } from '@/components/editor/line-height-select';

type Props = {
  value: string;
  onChange: (html: string) => void;
  label: string;
  minHeight?: number;
  /** A fixed height that scrolls, as the template editor's, instead of growing with the text. */
  height?: number;
  /** The template editor's line heights (2–36 pt) in the toolbar. */
  lineHeight?: boolean;
};

/** The staff's text editor (Tiptap through Mantine): headings, emphasis, lists and links, as HTML. */
export function RichTextField({ value, onChange, label, minHeight = 120, height, lineHeight = false }: Props) {
  const labels = useEditorLabels();
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false } }), ...(lineHeight ? [TextStyle] : [])],
    content: value,
    immediatelyRender: false,
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
    // With a fixed height the editable area fills it, so a click anywhere in the box lands in the text.
    editorProps: { attributes: { 'aria-label': label, ...(height ? { style: `min-height: ${height - 32}px` } : {}) } },
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
          {lineHeight && <LineHeightSelect editor={editor} />}
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content style={height ? { height, overflowY: 'auto' } : { minHeight }} />
      </RichTextEditor>
    </div>
  );
}
