'use client';

import { Alert, Button, Card, FileButton, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { DeleteImageModal } from './delete-image-modal';
import { EditImageModal } from './edit-image-modal';
import { ImageCard } from './image-card';
import { TypologyFields } from './typology-fields';
import type { ImageItem, TypologyOption } from './types';
import { UploadProgress } from './upload-progress';
import { useImagePages } from './use-image-pages';
import { useUploads } from './use-uploads';

const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif';

/** Upload several files at once, then the grid: filtered by typology, a page more as you scroll. */
export function ImagesPanel({ typologies }: { typologies: TypologyOption[] }) {
  const t = useTranslations('images');
  const [links, setLinks] = useState<{ typologyId: string | null; category: string | null }>({ typologyId: null, category: null });
  const [filter, setFilter] = useState<string | null>(null);
  const [editing, setEditing] = useState<ImageItem | null>(null);
  const [deleting, setDeleting] = useState<ImageItem | null>(null);
  const pages = useImagePages(filter);
  const uploads = useUploads(pages.prepend);
  const typologyName = (id: string | null) => typologies.find((typology) => typology.id === id)?.name ?? null;

  // Scrolling near the end loads the next page; the button stays for keyboards and slow observers.
  const sentinel = useRef<HTMLDivElement>(null);
  const { loadMore } = pages;
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !pages.nextCursor) return;
    const observer = new IntersectionObserver((seen) => seen.some((entry) => entry.isIntersecting) && loadMore(), { rootMargin: '300px' });
    observer.observe(node);
    return () => observer.disconnect();
  }, [loadMore, pages.nextCursor]);

  return (
    <Stack gap="lg">
      <Card withBorder padding="md">
        <Stack gap="sm">
          <Group align="flex-end" gap="sm">
            <TypologyFields typologies={typologies} typologyId={links.typologyId} category={links.category} onChange={setLinks} />
            <FileButton multiple accept={ACCEPT} onChange={(files) => void uploads.start(files, links)}>
              {(props) => (
                <Button {...props} leftSection={<IconUpload size={16} aria-hidden />} loading={uploads.busy}>
                  {t('upload.button')}
                </Button>
              )}
            </FileButton>
          </Group>
          <Text size="sm" c="dimmed">
            {t('upload.hint')}
          </Text>
          <UploadProgress entries={uploads.entries} onClear={uploads.clear} />
        </Stack>
      </Card>

      <Select
        label={t('fields.filterTypology')}
        placeholder={t('fields.allTypologies')}
        data={typologies.map((typology) => ({ value: typology.id, label: typology.name }))}
        value={filter}
        onChange={setFilter}
        clearable
        maw={360}
      />
      {pages.error && (
        <Alert color="red" role="alert">
          {pages.error}
        </Alert>
      )}
      {pages.loaded && pages.items.length === 0 && !pages.error && <Text c="dimmed">{filter ? t('grid.emptyFiltered') : t('grid.empty')}</Text>}
      <SimpleGrid cols={{ base: 1, xs: 2, sm: 3, lg: 4 }} spacing="md" aria-label={t('grid.label')} role="list">
        {pages.items.map((image) => (
          <ImageCard key={image.id} image={image} typologyName={typologyName(image.typologyId)} onEdit={setEditing} onDelete={setDeleting} />
        ))}
      </SimpleGrid>
      <div ref={sentinel} />
      {pages.nextCursor && (
        <Group justify="center">
          <Button variant="default" onClick={loadMore} loading={pages.loading}>
            {t('grid.loadMore')}
          </Button>
        </Group>
      )}
      <EditImageModal image={editing} typologies={typologies} onClose={() => setEditing(null)} onSaved={pages.replace} />
      <DeleteImageModal image={deleting} onClose={() => setDeleting(null)} onDeleted={pages.remove} />
    </Stack>
  );
}
