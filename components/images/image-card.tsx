'use client';

import { ActionIcon, Badge, Card, Group, Image, Stack, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslations } from 'next-intl';
import type { ImageItem } from './types';

type Props = { image: ImageItem; typologyName: string | null; onEdit: (image: ImageItem) => void; onDelete: (image: ImageItem) => void };

/** One picture of the grid, loaded only when it scrolls into view. */
export function ImageCard({ image, typologyName, onEdit, onDelete }: Props) {
  const t = useTranslations('images.grid');
  const name = image.fileName;
  return (
    <Card withBorder padding="xs" role="listitem" data-testid="image-card">
      <Card.Section>
        <Image src={image.url} alt={image.alt} h={160} fit="cover" loading="lazy" />
      </Card.Section>
      <Stack gap={4} mt="xs">
        <Text size="sm" fw={500} truncate title={name}>
          {name}
        </Text>
        <Text size="xs" c="dimmed">
          {t('size', { width: image.width, height: image.height })}
        </Text>
        <Group gap={4} justify="space-between" wrap="nowrap">
          <Group gap={4}>
            {typologyName && <Badge variant="light">{typologyName}</Badge>}
            {image.category && (
              <Badge variant="outline" color="gray">
                {image.category}
              </Badge>
            )}
          </Group>
          <Group gap={4} wrap="nowrap">
            <ActionIcon variant="subtle" onClick={() => onEdit(image)} aria-label={t('edit', { name })}>
              <IconPencil size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon variant="subtle" color="red" onClick={() => onDelete(image)} aria-label={t('delete', { name })}>
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}
