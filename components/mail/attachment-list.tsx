'use client';

import { ActionIcon, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconPaperclip, IconX } from '@tabler/icons-react';
import { useTranslations } from 'next-intl';
import { formatFileSize } from '@/lib/format';
import { useState } from 'react';
import type { ActionResult } from '@/lib/actions';

export type Attached = { id: string; fileName: string; byteSize: number };

const MAX_BYTES = 10 * 1024 * 1024;

type Props = {
  files: Attached[];
  onChange: (files: Attached[]) => void;
  onError: (message: string | null) => void;
  /** Stores one file (the server checks its type and size again) and answers what was stored. */
  upload: (form: FormData) => Promise<ActionResult<Attached>>;
  remove: (attachmentId: string) => Promise<ActionResult<unknown>>;
};

/** The files that go with a mail (a quote's, or one written in the mail client): uploaded one by one, each removable before sending. */
export function AttachmentList({ files, onChange, onError, upload: store, remove: drop }: Props) {
  const t = useTranslations('mail.attachments');
  const [busy, setBusy] = useState<string | null>(null);

  const upload = async (chosen: File[]) => {
    let current = files;
    onError(null);
    for (const file of chosen) {
      if (file.size > MAX_BYTES) {
        onError(t('tooBig', { name: file.name }));
        continue;
      }
      setBusy(file.name);
      const form = new FormData();
      form.set('file', file);
      const answer = await store(form);
      if (answer.ok) {
        current = [...current, answer.data];
        onChange(current);
      } else onError(`${file.name}: ${answer.error}`);
    }
    setBusy(null);
  };

  const remove = async (file: Attached) => {
    const answer = await drop(file.id);
    if (!answer.ok) return onError(answer.error);
    onChange(files.filter((item) => item.id !== file.id));
  };

  return (
    <Stack gap={4}>
      <Group gap="sm">
        <FileButton multiple onChange={(chosen) => void upload(chosen)}>
          {(props) => (
            <Button {...props} variant="default" size="xs" leftSection={<IconPaperclip size={14} aria-hidden />} loading={busy !== null}>
              {t('add')}
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          {busy ? t('uploading', { name: busy }) : t('hint')}
        </Text>
      </Group>
      {files.map((file) => (
        <Group key={file.id} gap="xs" wrap="nowrap">
          <IconPaperclip size={14} aria-hidden />
          <Text size="sm" truncate>
            {file.fileName} · {formatFileSize(file.byteSize)}
          </Text>
          <ActionIcon variant="subtle" color="red" size="sm" aria-label={t('remove', { name: file.fileName })} onClick={() => void remove(file)}>
            <IconX size={14} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
    </Stack>
  );
}
