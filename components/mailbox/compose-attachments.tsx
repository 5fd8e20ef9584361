'use client';

import { ActionIcon, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconPaperclip, IconX } from '@tabler/icons-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { addMailAttachmentAction, removeMailAttachmentAction } from '@/app/(staff)/mail/actions';

export type Attached = { id: string; fileName: string; byteSize: number };

const MAX_BYTES = 10 * 1024 * 1024;
const size = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

/** The files of a mail being written: uploaded one by one, each removable before sending. */
export function ComposeAttachments({ files, onChange, onError }: { files: Attached[]; onChange: (files: Attached[]) => void; onError: (message: string | null) => void }) {
  const t = useTranslations('mailbox.compose');
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
      const answer = await addMailAttachmentAction(form);
      if (answer.ok) {
        current = [...current, answer.data];
        onChange(current);
      } else onError(`${file.name}: ${answer.error}`);
    }
    setBusy(null);
  };

  const remove = async (file: Attached) => {
    const answer = await removeMailAttachmentAction({ attachmentId: file.id });
    if (!answer.ok) return onError(answer.error);
    onChange(files.filter((item) => item.id !== file.id));
  };

  return (
    <Stack gap={4}>
      <Group gap="sm">
        <FileButton multiple onChange={(chosen) => void upload(chosen)}>
          {(props) => (
            <Button {...props} variant="default" size="sm" leftSection={<IconPaperclip size={16} aria-hidden />} loading={busy !== null}>
              {t('attach')}
            </Button>
          )}
        </FileButton>
        {busy && (
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('uploading', { name: busy })}
          </Text>
        )}
      </Group>
      {files.map((file) => (
        <Group key={file.id} gap="xs" wrap="nowrap">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {file.fileName} ({size(file.byteSize)})
          </Text>
          <ActionIcon variant="subtle" color="gray" aria-label={t('removeAttachment', { name: file.fileName })} onClick={() => void remove(file)}>
            <IconX size={14} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
    </Stack>
  );
}
