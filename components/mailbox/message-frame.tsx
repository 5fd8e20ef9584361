'use client';

import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { MailFrame } from '@/components/mail/mail-frame';
import type { MailFrameHtml } from '@/lib/mailbox/frame-html';

type Props = MailFrameHtml & { title: string; height?: number };

/**
 * A received mail in the sandboxed frame (lib/mailbox/frame-html.ts made both versions on the
 * server): remote images load only when the staff ask, so opening a mail tells no sender
 * (tracking pixels) that it was read.
 */
export function MessageFrame({ blocked, withImages, hasRemoteImages, title, height = 360 }: Props) {
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
        <MailFrame key={showImages ? 'images' : 'blocked'} html={showImages ? withImages : blocked} title={title} height={height} />
      </div>
    </Stack>
  );
}
