import { Box, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { BrandMark } from '@/components/shell/brand-mark';

/** The frame of the login pages: no navigation, no footer. */
export async function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  const t = await getTranslations('meta');
  return (
    <Center mih="100dvh" p="md" bg="var(--mantine-color-gray-0)">
      <Box w="100%" maw={420} component="main">
        <Stack gap="lg">
          <Stack gap={4} align="center">
            <BrandMark size={44} />
            <Text fw={700} size="lg">
              {t('appName')}
            </Text>
            <Text c="dimmed" size="sm">
              {t('description')}
            </Text>
          </Stack>
          <Paper withBorder shadow="sm" radius="md" p="xl">
            <Stack gap="md">
              <div>
                <Title order={1} size="h3">
                  {title}
                </Title>
                {subtitle && (
                  <Text c="dimmed" size="sm" mt={4}>
                    {subtitle}
                  </Text>
                )}
              </div>
              {children}
            </Stack>
          </Paper>
        </Stack>
      </Box>
    </Center>
  );
}
