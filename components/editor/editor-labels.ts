'use client';

import type { RichTextEditorLabels } from '@mantine/tiptap';
import { useTranslations } from 'next-intl';
import { useMemo } from 'react';

/** Mantine's control labels (aria-label and title of every button) in Italian. */
export function useEditorLabels(): Partial<RichTextEditorLabels> {
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
      h1ControlLabel: t('h1'),
      h2ControlLabel: t('h2'),
      h3ControlLabel: t('h3'),
      h4ControlLabel: t('h4'),
      alignLeftControlLabel: t('alignLeft'),
      alignCenterControlLabel: t('alignCenter'),
      alignRightControlLabel: t('alignRight'),
      alignJustifyControlLabel: t('alignJustify'),
      colorPickerControlLabel: t('colorPicker'),
      unsetColorControlLabel: t('unsetColor'),
      colorControlLabel: (color: string) => t('color', { color }),
      colorPickerColorLabel: (color: string) => t('color', { color }),
      colorPickerCancel: t('colorCancel'),
      colorPickerClear: t('colorClear'),
      colorPickerColorPicker: t('colorPickerButton'),
      colorPickerPalette: t('colorPalette'),
      colorPickerSave: t('colorSave'),
      undoControlLabel: t('undo'),
      redoControlLabel: t('redo'),
      sourceCodeControlLabel: t('sourceCode'),
      linkEditorInputLabel: t('linkInput'),
      linkEditorInputPlaceholder: t('linkPlaceholder'),
      linkEditorExternalLink: t('linkExternal'),
      linkEditorInternalLink: t('linkInternal'),
      linkEditorSave: t('linkSave'),
    }),
    [t],
  );
}
