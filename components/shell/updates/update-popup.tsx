'use client';

import { Button, Group, Modal, Stack, Typography } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { markUpdateViewedAction } from '@/app/(staff)/novita/actions';
import { useUpdatePoll, type PopupUpdate } from './use-update-poll';

/**
 * The newest product update the user has not closed, over the page: title, text, "Ho capito".
 * Closing it in any way marks it viewed for this user; the history keeps it.
 */
export function UpdatePopup() {
  const t = useTranslations('productUpdates');
  const [update, setUpdate] = useState<PopupUpdate | null>(null);
  const [pending, startTransition] = useTransition();
  useUpdatePoll(update !== null, setUpdate);

  const close = () => {
    if (!update || pending) return;
    startTransition(async () => {
      // A failure (session ended, update deleted meanwhile) only means it may come back once more.
      await markUpdateViewedAction({ id: update.id });
      setUpdate(null);
    });
  };

  return (
    <Modal opened={update !== null} onClose={close} title={update?.title} withCloseButton={false} centered size="lg" data-testid="update-popup">
      {update && (
        <Stack gap="md">
          {/* Sanitized when it was posted, like every staff HTML. */}
          <Typography fz="sm">
            <div dangerouslySetInnerHTML={{ __html: update.html }} />
          </Typography>
          <Group justify="flex-end">
            <Button onClick={close} loading={pending} data-autofocus>
              {t('popupConfirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
