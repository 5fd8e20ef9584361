'use client';

import { ActionIcon, Anchor, CopyButton, Group, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconExternalLink } from '@tabler/icons-react';
import { useTranslations } from 'next-intl';
import { useBrowserValue } from '@/components/ui/use-browser-value';
import { STAFF_PREVIEW_HASH } from '@/lib/vocabulary/quote-links';

/**
 * The address the guest opens, to copy into a message, and the same page as the guest sees it.
 * The staff's own look carries a marker so it does not count as the guest's reading.
 */
export function GuestLink({ path }: { path: string }) {
  const t = useTranslations('quotes.guestLink');
  // The server does not know the address the staff reached the CRM by: empty until hydrated.
  const origin = useBrowserValue(() => window.location.origin, () => '');
  const url = `${origin}${path}`;
  return (
    <Group gap="xs" wrap="nowrap" data-testid="guest-link">
      <Text size="sm" fw={600}>
        {t('label')}
      </Text>
      <Anchor href={`${path}${STAFF_PREVIEW_HASH}`} target="_blank" rel="noopener" size="sm">
        <Group gap={4} wrap="nowrap" component="span">
          {t('open')}
          <IconExternalLink size={14} aria-hidden />
        </Group>
      </Anchor>
      <CopyButton value={url} timeout={2000}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t('copied') : t('copy')} withArrow>
            <ActionIcon variant="subtle" color={copied ? 'green' : 'gray'} onClick={copy} aria-label={copied ? t('copied') : t('copy')} disabled={!origin}>
              {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}
