'use client';

import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useEffect } from 'react';

const CHUNK_FAILURE = /ChunkLoadError|Loading chunk [\w-]+ failed|CSS_CHUNK_LOAD_FAILED/;

/** A failed chunk means a new deploy: reload once (spec section 2); anything else offers a retry. */
export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations('errorPage');
  useEffect(() => {
    if (CHUNK_FAILURE.test(`${error.name} ${error.message}`) && !sessionStorage.getItem('chunk-reloaded')) {
      sessionStorage.setItem('chunk-reloaded', '1');
      window.location.reload();
    }
  }, [error]);
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="sm" maw={480} ta="center">
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Text c="dimmed">{t('text')}</Text>
        <Button onClick={reset}>{t('retry')}</Button>
      </Stack>
    </Center>
  );
}
