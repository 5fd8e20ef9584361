'use client';

import { Button, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBrandGmail, IconMail } from '@tabler/icons-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { ImapForm, type BindImapAction } from './imap-form';

export const GOOGLE_START_PATH = '/api/mailbox/google/start';

/** Nothing bound: Gmail through Google's consent, or any other mailbox through IMAP/SMTP. */
export function ConnectChoices({ googleReady, bindImap }: { googleReady: boolean; bindImap: BindImapAction }) {
  const t = useTranslations('mailboxSettings.choices');
  const [imapOpen, setImapOpen] = useState(false);
  return (
    <Stack gap="md">
      <Title order={2} size="h4">
        {t('title')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Paper withBorder p="md" radius="md">
          <Stack gap="xs" align="flex-start">
            {googleReady ? (
              <Button component="a" href={GOOGLE_START_PATH} leftSection={<IconBrandGmail size={18} aria-hidden />}>
                {t('gmail')}
              </Button>
            ) : (
              <Button disabled leftSection={<IconBrandGmail size={18} aria-hidden />} aria-describedby="gmail-missing">
                {t('gmail')}
              </Button>
            )}
            <Text size="sm" c="dimmed" id={googleReady ? undefined : 'gmail-missing'}>
              {googleReady ? t('gmailHelp') : t('gmailMissing')}
            </Text>
          </Stack>
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Stack gap="xs" align="flex-start">
            <Button variant="default" leftSection={<IconMail size={18} aria-hidden />} onClick={() => setImapOpen(true)} aria-expanded={imapOpen} aria-controls="imap-form">
              {t('imap')}
            </Button>
            <Text size="sm" c="dimmed">
              {t('imapHelp')}
            </Text>
          </Stack>
        </Paper>
      </SimpleGrid>
      {imapOpen && (
        <Paper withBorder p="md" radius="md" id="imap-form">
          <ImapForm action={bindImap} onCancel={() => setImapOpen(false)} />
        </Paper>
      )}
    </Stack>
  );
}
