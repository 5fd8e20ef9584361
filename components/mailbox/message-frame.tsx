'use client';

import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { MailFrame } from '@/components/mail/mail-frame';

// Inside the frame's own document: only embedded images load until the staff ask for the others,
// so opening a mail tells no sender (tracking pixels) that it was read.
const BLOCK_REMOTE_IMAGES = '<meta http-equiv="Content-Security-Policy" content="img-src data: cid:">';

/** A mail's sanitized HTML in a sandboxed frame, remote images blocked until "Mostra immagini". */
export function MessageFrame({ html, title, hasRemoteImages }: { html: string; title: string; hasRemoteImages: boolean }) {
  const t = useTranslations('mailbox.thread');
  const [showImages, setShowImages] = useState(false);
  return (
    <Stack gap={6}>
      {hasRemoteImages && (
        <Group gap="xs" justify="space-between" wrap="wrap">
          <Text size="xs" c="dimmed">
            {showImages ? '' : t('imagesBlocked')}
          </Text>
          <Button size="compact-sm" variant="default" onClick={() => setShowImages((value) => !value)} aria-pressed={showImages}>
            {showImages ? t('hideImages') : t('showImages')}
          </Button>
        </Group>
      )}
      <div data-testid="message-frame">
        <MailFrame key={showImages ? 'images' : 'blocked'} html={showImages ? html : `${BLOCK_REMOTE_IMAGES}${html}`} title={title} height={360} />
      </div>
    </Stack>
  );
}
