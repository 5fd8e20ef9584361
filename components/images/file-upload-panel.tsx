'use client';

import { Button, Card, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import { LinkButton } from '@/components/ui/link-button';
import { UploadProgress } from './upload-progress';
import { useUploads } from './use-uploads';

const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif';

/** /fileupload: the image library's uploader alone, for a quick upload without the grid. */
export function FileUploadPanel() {
  const t = useTranslations('images');
  const tf = useTranslations('fileUpload');
  const uploads = useUploads(useCallback(() => {}, []));
  return (
    <Card withBorder padding="md" maw={720}>
      <Stack gap="sm">
        <Text size="sm">{tf('intro')}</Text>
        <Group gap="sm">
          <FileButton multiple accept={ACCEPT} onChange={(files) => void uploads.start(files, {})}>
            {(props) => (
              <Button {...props} leftSection={<IconUpload size={16} aria-hidden />} loading={uploads.busy}>
                {t('upload.button')}
              </Button>
            )}
          </FileButton>
          <LinkButton href="/imageManager" variant="light">
            {tf('toManager')}
          </LinkButton>
        </Group>
        <Text size="sm" c="dimmed">
          {t('upload.hint')}
        </Text>
        <UploadProgress entries={uploads.entries} onClear={uploads.clear} />
      </Stack>
    </Card>
  );
}
