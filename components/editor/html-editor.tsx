'use client';

import { Alert, Button, Stack, Text, Textarea } from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import { IconCode, IconEye } from '@tabler/icons-react';
import { useEditor } from '@tiptap/react';
import { useTranslations } from 'next-intl';
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { ImagePickerButton } from '@/components/images/image-picker';
import { useEditorLabels } from './editor-labels';
import { templateExtensions } from './extensions';
import { LineHeightSelect } from './line-height-select';
import { markupLostByEditor } from './markup-loss';
import type { PlaceholderSet } from '@/lib/templates/placeholders';
import { PlaceholderMenu } from './placeholder-menu';
import { SourceLossDialog } from './source-loss-dialog';

/** placeholders: which the menu offers, every one (a quote's mail) or a newsletter's only. */
type Props = { value: string; onChange: (html: string) => void; label: string; height?: number; placeholders?: PlaceholderSet };
type PickedImage = { id: string; url: string; alt: string };

const COLORS = ['#25262b', '#868e96', '#c92a2a', '#d6336c', '#9c36b5', '#5f3dc4', '#364fc7', '#1864ab', '#0b7285', '#087f5b', '#2b8a3e', '#5c940d', '#e67700', '#d9480f'];

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The template editor: Tiptap through Mantine, with a toggle to the HTML source. The source view
 * exists because staff may write any HTML (spec) and Tiptap drops what its schema lacks; a
 * template the visual editor cannot show without loss opens in the source view, and going back
 * to the visual editor with such HTML asks first. Edits carry over both ways.
 */
export function HtmlEditor({ value, onChange, label, height = 500, placeholders = 'quote' }: Props) {
  const t = useTranslations('templates.editor');
  const labels = useEditorLabels();
  const labelId = useId();
  const textarea = useRef<HTMLTextAreaElement>(null);
  // The latest onChange for Tiptap's callback, which is bound once; updated after each commit.
  const emit = useRef(onChange);
  useLayoutEffect(() => {
    emit.current = onChange;
  }, [onChange]);
  /** null: the visual editor; a string: the source view and its text. */
  const [source, setSource] = useState<string | null>(null);
  const [openedLossy, setOpenedLossy] = useState<string[]>([]);
  const [pendingLoss, setPendingLoss] = useState<string[] | null>(null);

  const editor = useEditor({
    extensions: templateExtensions,
    content: value,
    immediatelyRender: false,
    onUpdate: ({ editor: current }) => emit.current(current.isEmpty ? '' : current.getHTML()),
    // Once, when the editor exists in the browser (the check parses HTML): HTML it would mangle
    // is opened in the source view instead.
    onCreate: () => {
      const lost = markupLostByEditor(value, templateExtensions);
      if (lost.length > 0) {
        setSource(value);
        setOpenedLossy(lost);
      }
    },
    editorProps: { attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-label': label, style: `min-height: ${height - 32}px` } },
  });

  const changeSource = (text: string) => {
    setSource(text);
    emit.current(text);
  };

  const showVisual = (text: string) => {
    editor?.commands.setContent(text, { emitUpdate: false });
    emit.current(!editor || editor.isEmpty ? '' : editor.getHTML());
    setSource(null);
    setPendingLoss(null);
    setOpenedLossy([]);
  };

  const toggleSource = () => {
    if (source === null) {
      // The value, not editor.getHTML(): an untouched template keeps its HTML exactly.
      setSource(value);
      return;
    }
    const lost = markupLostByEditor(source, templateExtensions);
    if (lost.length > 0) setPendingLoss(lost);
    else showVisual(source);
  };

  /** Text at the source view's cursor, replacing the selection. */
  const insertInSource = (text: string) => {
    const current = source ?? '';
    const element = textarea.current;
    const start = element?.selectionStart ?? current.length;
    const end = element?.selectionEnd ?? current.length;
    changeSource(current.slice(0, start) + text + current.slice(end));
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + text.length, start + text.length);
    });
  };

  const insertPlaceholder = (token: string) => {
    if (source !== null) insertInSource(token);
    else editor?.chain().focus().insertContent(token).run();
  };

  const insertImage = (image: PickedImage) => {
    if (source !== null) {
      insertInSource(`<img src="${attribute(image.url)}" alt="${attribute(image.alt)}" data-image-id="${attribute(image.id)}" style="max-width: 100%;">`);
      return;
    }
    editor
      ?.chain()
      .focus()
      .insertContent({ type: 'image', attrs: { src: image.url, alt: image.alt, imageId: image.id, style: 'max-width: 100%;' } })
      .run();
  };

  const visual = source === null;
  return (
    <Stack gap={4}>
      <Text id={labelId} size="sm" fw={500}>
        {label}
      </Text>
      {openedLossy.length > 0 && (
        <Alert color="blue" role="status" data-testid="editor-opened-in-source">
          {t('openedInSource', { items: openedLossy.slice(0, 6).join(', ') })}
        </Alert>
      )}
      <RichTextEditor editor={editor} labels={labels} aria-labelledby={labelId}>
        <RichTextEditor.Toolbar role="toolbar" aria-label={t('toolbar')}>
          {visual && (
            <>
              <RichTextEditor.ControlsGroup>
                <RichTextEditor.Bold />
                <RichTextEditor.Italic />
                <RichTextEditor.Underline />
                <RichTextEditor.Strikethrough />
                <RichTextEditor.ClearFormatting />
              </RichTextEditor.ControlsGroup>
              <RichTextEditor.ControlsGroup>
                <RichTextEditor.H1 />
                <RichTextEditor.H2 />
                <RichTextEditor.H3 />
                <RichTextEditor.H4 />
              </RichTextEditor.ControlsGroup>
              <RichTextEditor.ControlsGroup>
                <RichTextEditor.BulletList />
                <RichTextEditor.OrderedList />
                <RichTextEditor.Link />
                <RichTextEditor.Unlink />
              </RichTextEditor.ControlsGroup>
              <RichTextEditor.ControlsGroup>
                <RichTextEditor.ColorPicker colors={COLORS} />
                <RichTextEditor.UnsetColor />
              </RichTextEditor.ControlsGroup>
              <RichTextEditor.ControlsGroup>
                <RichTextEditor.AlignLeft />
                <RichTextEditor.AlignCenter />
                <RichTextEditor.AlignRight />
                <RichTextEditor.AlignJustify />
              </RichTextEditor.ControlsGroup>
              <LineHeightSelect editor={editor} />
              <RichTextEditor.ControlsGroup>
                <RichTextEditor.Undo />
                <RichTextEditor.Redo />
              </RichTextEditor.ControlsGroup>
            </>
          )}
          <PlaceholderMenu onInsert={insertPlaceholder} set={placeholders} />
          <ImagePickerButton onPick={insertImage} label={t('image')} />
          <Button
            size="xs"
            variant={visual ? 'default' : 'filled'}
            leftSection={visual ? <IconCode size={14} aria-hidden /> : <IconEye size={14} aria-hidden />}
            onClick={toggleSource}
            aria-pressed={!visual}
            data-testid="editor-source-toggle"
          >
            {visual ? t('source') : t('sourceActive')}
          </Button>
        </RichTextEditor.Toolbar>
        {/* Hidden, not unmounted: the Tiptap view stays attached while the source is shown. */}
        <RichTextEditor.Content style={{ height, overflowY: 'auto', display: visual ? undefined : 'none' }} />
        {!visual && (
          <Textarea
            ref={textarea}
            value={source}
            onChange={(event) => changeSource(event.currentTarget.value)}
            aria-label={t('sourceLabel', { label })}
            spellCheck={false}
            variant="unstyled"
            px="sm"
            styles={{ input: { height, fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13, lineHeight: 1.5 } }}
            data-testid="editor-source"
          />
        )}
      </RichTextEditor>
      <SourceLossDialog lost={pendingLoss} onKeepSource={() => setPendingLoss(null)} onDiscard={() => showVisual(source ?? '')} />
    </Stack>
  );
}
