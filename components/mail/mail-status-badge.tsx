import { Badge } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { mailStatusWording, type MailStatus } from '@/lib/mail/mail-status';

// Filled and dark enough for white text (4.5:1); the yellow one is light, so autoContrast writes it in black.
const COLOR: Record<MailStatus, string> = {
  pending: 'blue.9',
  sending: 'blue.9',
  sent: 'teal.9',
  captured: 'yellow.4',
  failed: 'red.9',
  unsent: 'gray.8',
};

/** A mail's status in the words of lib/mail/mail-status, the same on every page that shows one; an outbox row also says which way it left. */
export function MailStatusBadge({ status, transport }: { status: MailStatus; transport?: string | null }) {
  const t = useTranslations('mail.status');
  return (
    <Badge variant="filled" color={COLOR[status]} autoContrast tt="none" radius="sm" miw="max-content" data-status={status}>
      {t(mailStatusWording(status, transport))}
    </Badge>
  );
}
