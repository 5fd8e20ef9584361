'use client';

import { Alert, Button, FileButton, Group, Image, Modal, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconPhoto, IconUpload } from '@tabler/icons-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { ImageItem } from './types';
import { UploadProgress } from './upload-progress';
import { useImagePages } from './use-image-pages';
import { useUploads } from './use-uploads';

type Props = { onPick: (image: { id: string; url: string; alt: string }) => void; label?: string };

const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif';

/**
 * A button that opens the campsite's pictures in a dialog: click (or Enter, they are buttons)
 * picks one; a new upload can be picked as soon as it appears. Used by the template editor.
 */
export function ImagePickerButton({ onPick, label }: Props) {
  const t = useTranslations('images');
  const [opened, setOpened] = useState(false);
  const pages = useImagePages(null, opened);
  const uploads = useUploads(pages.prepend);

  const pick = (image: ImageItem) => {
    onPick({ id: image.id, url: image.url, alt: image.alt });
    setOpened(false);
  };

  return (
    <>
      <Button variant="light" leftSection={<IconPhoto size={16} aria-hidden />} onClick={() => setOpened(true)}>
        {label ?? t('picker.button')}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('picker.title')} size="xl" closeButtonProps={{ 'aria-label': t('picker.close') }}>
        <Stack gap="md">
          <Group>
            <FileButton multiple accept={ACCEPT} onChange={(files) => void uploads.start(files, {})}>
              {(props) => (
                <Button {...props} leftSection={<IconUpload size={16} aria-hidden />} loading={uploads.busy}>
                  {t('upload.button')}
                </Button>
              )}
            </FileButton>
          </Group>
          <UploadProgress entries={uploads.entries} onClear={uploads.clear} />
          {pages.error && (
            <Alert color="red" role="alert">
              {pages.error}
            </Alert>
          )}
          {pages.loaded && pages.items.length === 0 && !pages.error && <Text c="dimmed">{t('picker.empty')}</Text>}
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            {pages.items.map((image) => (
              <UnstyledButton
                key={image.id}
                onClick={() => pick(image)}
                aria-label={t('picker.choose', { name: image.alt || image.fileName })}
                style={{ borderRadius: 'var(--mantine-radius-sm)', outlineOffset: 2 }}
              >
                <Image src={image.url} alt="" h={110} fit="cover" radius="sm" loading="lazy" />
                <Text size="xs" truncate mt={4}>
                  {image.fileName}
                </Text>
              </UnstyledButton>
            ))}
          </SimpleGrid>
          {pages.nextCursor && (
            <Group justify="center">
              <Button variant="default" onClick={pages.loadMore} loading={pages.loading}>
                {t('grid.loadMore')}
              </Button>
            </Group>
          )}
        </Stack>
      </Modal>
    </>
  );
}
