'use client';

import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';

type Props = {
  opened: boolean;
  title: string;
  text?: string;
  error?: string | null;
  pending: boolean;
  danger?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  children?: ReactNode;
};

/** The product's confirmation dialog: 'Conferma' and 'Annulla' (spec section 2). */
export function ConfirmModal({ opened, title, text, error, pending, danger, onConfirm, onClose, children }: Props) {
  const t = useTranslations('quotes');
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack gap="md">
        {text && <Text size="sm">{text}</Text>}
        {children}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={pending}>
            {t('cancel')}
          </Button>
          <Button color={danger ? 'red' : undefined} onClick={onConfirm} loading={pending}>
            {t('confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
