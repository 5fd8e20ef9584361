'use client';

import { Button, Group, Stack, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { MailFrame } from '@/components/mail/mail-frame';

type Props = { blocked: string; withImages: string; hasRemoteImages: boolean; title: string; height?: number };

/** A received mail in the sandboxed frame; its remote images load only when the staff ask. */
export function MessageFrame({ blocked, withImages, hasRemoteImages, title, height = 320 }: Props) {
  const t = useTranslations('mailboxSettings.quote');
  const [showImages, setShowImages] = useState(false);
  return (
    <Stack gap={4}>
      {hasRemoteImages && !showImages && (
        <Group gap="xs">
          <Text size="xs" c="dimmed">
            {t('imagesBlocked')}
          </Text>
          <Button size="compact-xs" variant="subtle" leftSection={<IconPhoto size={14} aria-hidden />} onClick={() => setShowImages(true)}>
            {t('showImages')}
          </Button>
        </Group>
      )}
      <MailFrame html={showImages ? withImages : blocked} title={title} height={height} />
    </Stack>
  );
}
