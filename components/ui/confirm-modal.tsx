'use client';

import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

type Props = {
  opened: boolean;
  title: ReactNode;
  /** The question; a string is shown as a paragraph, anything else as given. */
  message?: ReactNode;
  /** More content under the message (a warning, a field to type). A field there may take the focus with data-autofocus. */
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** The aria-label of the corner's close button. */
  closeLabel?: string;
  danger?: boolean;
  /** The action is running: the confirm button spins, cancelling and closing wait for it. */
  pending: boolean;
  /** The action's refusal, shown inside the dialog so the staff can try again or cancel. */
  error?: string | null;
  confirmDisabled?: boolean;
  confirmTestId?: string;
  onConfirm: () => void;
  onClose: () => void;
  /** After the dialog has gone: e.g. to place the focus when the element that opened it went away with the action. */
  onClosed?: () => void;
};

/**
 * The product's confirmation dialog. The focus starts on the safe button, so Enter pressed out of
 * habit does not delete anything; closing is ignored while the action runs.
 */
export function ConfirmModal(props: Props) {
  const { opened, title, message, children, confirmLabel, cancelLabel, closeLabel, danger, pending, error, confirmDisabled, confirmTestId, onConfirm, onClose, onClosed } = props;
  const close = () => {
    if (!pending) onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      onExitTransitionEnd={onClosed}
      title={title}
      centered
      closeButtonProps={closeLabel ? { 'aria-label': closeLabel } : undefined}
    >
      <Stack gap="md">
        {typeof message === 'string' ? <Text>{message}</Text> : message}
        {children}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={pending} data-autofocus>
            {cancelLabel}
          </Button>
          <Button color={danger ? 'red' : undefined} onClick={onConfirm} loading={pending} disabled={confirmDisabled} data-testid={confirmTestId}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
