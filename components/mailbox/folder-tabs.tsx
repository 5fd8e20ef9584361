import { Group } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import { LinkButton } from '@/components/ui/link-button';

export type FolderParam = 'arrivo' | 'inviata' | 'uscita';
const FOLDERS: FolderParam[] = ['arrivo', 'inviata', 'uscita'];

/** The folders as links (?cartella=…): back, forward and a shared address keep the folder. */
export async function FolderTabs({ current, unread }: { current: FolderParam; unread: number }) {
  const t = await getTranslations('mailbox');
  return (
    <Group component="nav" aria-label={t('folders.label')} gap={4} wrap="wrap">
      {FOLDERS.map((folder) => (
        <LinkButton key={folder} href={`/mail?cartella=${folder}`} variant={folder === current ? 'filled' : 'default'} aria-current={folder === current ? 'page' : undefined} size="sm">
          {t(`folders.${folder}`)}
          {folder === 'arrivo' && unread > 0 ? ` (${unread})` : ''}
        </LinkButton>
      ))}
    </Group>
  );
}
