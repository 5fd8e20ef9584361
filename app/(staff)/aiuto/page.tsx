import { Anchor, Box, Kbd, Paper, Stack, Table, TableTbody, TableTd, TableTh, TableThead, TableTr, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageContainer } from '@/components/shell/page-container';
import { EDIT_MODE_SHORTCUT } from '@/components/shell/edit-mode-shortcut';
import { requireStaff } from '@/lib/auth/staff';
import { helpHref, providerDetails } from '@/lib/provider';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('help'))('title') };
}

const keys = (combo: string) => combo.split(' + ').map((key, index) => (
  <span key={key}>
    {index > 0 && ' + '}
    <Kbd>{key}</Kbd>
  </span>
));

/** Help for every user (service accounts too): support contacts and the keyboard shortcuts. */
export default async function HelpPage() {
  await requireStaff({ packLevel: 0 });
  const t = await getTranslations('help');
  const provider = providerDetails();
  const shortcuts = [
    { keys: keys(EDIT_MODE_SHORTCUT), name: t('editModeShortcut'), text: t('editModeText') },
    { keys: keys('Esc + Esc + Esc'), name: t('editModeLeave'), text: t('editModeLeaveText') },
    { keys: keys('Tab'), name: t('skipShortcut'), text: t('skipText') },
  ];
  return (
    <PageContainer>
      <Stack gap="lg" maw={880}>
        <div>
          <Title order={1}>{t('title')}</Title>
          <Text c="dimmed">{t('intro')}</Text>
        </div>
        <Paper withBorder p="md" radius="md">
          <Title order={2} size="h4" mb="xs">
            {t('supportTitle')}
          </Title>
          <Text size="sm">{t('supportText')}</Text>
          <Text size="sm" mt="xs">
            <Anchor href={helpHref()}>{t('writeUs')}</Anchor> · {provider.supportEmail} · {provider.supportPhone}
          </Text>
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Title order={2} size="h4" mb="xs">
            {t('shortcutsTitle')}
          </Title>
          <Box style={{ overflowX: 'auto' }}>
            <Table data-testid="shortcuts">
              <TableThead>
                <TableTr>
                  <TableTh>{t('keys')}</TableTh>
                  <TableTh>{t('action')}</TableTh>
                </TableTr>
              </TableThead>
              <TableTbody>
                {shortcuts.map((shortcut) => (
                  <TableTr key={shortcut.name}>
                    <TableTd style={{ whiteSpace: 'nowrap' }}>{shortcut.keys}</TableTd>
                    <TableTd>
                      <Text fw={600} size="sm">
                        {shortcut.name}
                      </Text>
                      <Text size="sm" c="dimmed">
                        {shortcut.text}
                      </Text>
                    </TableTd>
                  </TableTr>
                ))}
              </TableTbody>
            </Table>
          </Box>
        </Paper>
      </Stack>
    </PageContainer>
  );
}
