import { Anchor, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMailOff } from '@tabler/icons-react';
import { getTranslations } from 'next-intl/server';

/** Account Gmail: no mailbox can be bound yet; say so, and what happens to mail meanwhile. */
export async function GmailSection() {
  const t = await getTranslations('settings.gmail');
  return (
    <Stack gap="md" maw={640}>
      <Title order={1} size="h2">
        {t('title')}
      </Title>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <ThemeIcon variant="light" color="gray" size="xl" radius="xl" aria-hidden>
            <IconMailOff size={24} />
          </ThemeIcon>
          <Title order={2} size="h4">
            {t('notBound')}
          </Title>
          <Text size="sm">{t('later')}</Text>
          <Text size="sm">{t('outbox')}</Text>
          <Text size="sm">{t('replies')}</Text>
          <Anchor href="/mail" size="sm">
            {t('openMail')}
          </Anchor>
        </Stack>
      </Paper>
    </Stack>
  );
}
