'use client';

import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslations } from 'next-intl';

type Props = { lost: string[] | null; onKeepSource: () => void; onDiscard: () => void };

/** Asked before the visual editor would drop HTML it cannot represent: stay in the source, or accept the loss. */
export function SourceLossDialog({ lost, onKeepSource, onDiscard }: Props) {
  const t = useTranslations('templates.editor');
  return (
    <Modal opened={lost !== null} onClose={onKeepSource} title={t('lossTitle')} centered>
      <Stack gap="md">
        <Text>{t('lossText', { items: (lost ?? []).slice(0, 8).join(', ') })}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onKeepSource} data-autofocus>
            {t('lossKeep')}
          </Button>
          <Button color="orange" onClick={onDiscard}>
            {t('lossDiscard')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
