'use client';

import { Select } from '@mantine/core';
import { IconLineHeight } from '@tabler/icons-react';
import { useEditorState, type Editor } from '@tiptap/react';
import { useTranslations } from 'next-intl';

/** 2pt to 36pt in steps of 2, the range the old editor offered. */
export const LINE_HEIGHTS = Array.from({ length: 18 }, (_, index) => `${(index + 1) * 2}pt`);

/** The line height of the selected text (a textStyle attribute), chosen from a list. */
export function LineHeightSelect({ editor }: { editor: Editor | null }) {
  const t = useTranslations('templates.editor');
  const current = useEditorState({
    editor,
    selector: ({ editor: state }) => (state?.getAttributes('textStyle').lineHeight as string | undefined) ?? null,
  });
  return (
    <Select
      size="xs"
      w={140}
      leftSection={<IconLineHeight size={14} aria-hidden />}
      aria-label={t('lineHeight')}
      title={t('lineHeight')}
      placeholder={t('lineHeight')}
      data={[{ value: '', label: t('lineHeightDefault') }, ...LINE_HEIGHTS.map((value) => ({ value, label: value }))]}
      value={current ?? ''}
      onChange={(value) => {
        if (!editor) return;
        const chain = editor.chain().focus();
        (value ? chain.setLineHeight(value) : chain.unsetLineHeight()).run();
      }}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
      disabled={!editor}
    />
  );
}
