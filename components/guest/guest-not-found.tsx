import { Stack, Text, Title } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import { GUEST_LOCALES } from '@/lib/i18n/locales';

/** A guest link that leads nowhere: said in all three languages, with no hint of what was wrong. */
export async function GuestNotFound() {
  const texts = await Promise.all(GUEST_LOCALES.map(async (locale) => ({ locale, t: await getTranslations({ locale, namespace: 'guest' }) })));
  return (
    <Stack component="main" gap="lg" maw={560} mx="auto" p="lg" mih="100dvh" justify="center">
      {texts.map(({ locale, t }, index) => (
        <div key={locale} lang={locale}>
          {index === 0 ? (
            <Title order={1} size="h3">
              {t('notFoundTitle')}
            </Title>
          ) : (
            <Text fw={700}>{t('notFoundTitle')}</Text>
          )}
          <Text c="dimmed">{t('notFoundText')}</Text>
        </div>
      ))}
    </Stack>
  );
}
