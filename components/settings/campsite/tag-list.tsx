'use client';

import { ActionIcon, Badge, Button, ColorInput, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslations } from 'next-intl';
import type { TagDefinition } from '@/lib/vocabulary/campsite-shapes';
import { tagChipColours } from '@/lib/vocabulary/tag-colours';

type Props = { title: string; name: string; tags: TagDefinition[]; onChange: (tags: TagDefinition[]) => void; error: (path: string) => string | undefined };

/** One list of tags: name and colour, with a preview of the badge the lists show. */
export function TagList({ title, name, tags, onChange, error }: Props) {
  const t = useTranslations('campsiteSettings.tags');
  const update = (index: number, patch: Partial<TagDefinition>) => onChange(tags.map((tag, i) => (i === index ? { ...tag, ...patch } : tag)));
  return (
    <Stack gap="xs">
      <Text fw={600}>{title}</Text>
      {error(name) && <Text c="red" size="sm">{error(name)}</Text>}
      {tags.length === 0 && <Text c="dimmed" size="sm">{t('empty')}</Text>}
      {tags.map((tag, index) => {
        const chip = tagChipColours(tag.color);
        const colorLabel = `${title}: ${t('color')} ${index + 1}`;
        return (
          <Group key={index} gap="xs" align="flex-start" wrap="wrap">
            <TextInput aria-label={`${title}: ${t('name')} ${index + 1}`} value={tag.name} onChange={(e) => update(index, { name: e.currentTarget.value })} error={error(`${name}.${index}.name`)} w={200} />
            <ColorInput
              aria-label={colorLabel}
              format="hex"
              value={tag.color}
              onChange={(color) => update(index, { color })}
              error={error(`${name}.${index}.color`)}
              w={140}
              eyeDropperButtonProps={{ 'aria-label': t('eyeDropper', { field: colorLabel }), title: t('eyeDropperHint') }}
            />
            {/* Black or white text, whichever reads better on the tag's colour (4.5:1 at least). */}
            <Badge mt={6} tt="none" style={{ backgroundColor: chip.background, color: chip.text }} data-testid="tag-preview">
              {tag.name || t('preview')}
            </Badge>
            <ActionIcon variant="subtle" color="red" mt={4} aria-label={`${t('remove')} ${tag.name || index + 1}`} onClick={() => onChange(tags.filter((_, i) => i !== index))}>
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        );
      })}
      <Group>
        <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={() => onChange([...tags, { name: '', color: '#228be6' }])}>
          {t('add')}
        </Button>
      </Group>
    </Stack>
  );
}
