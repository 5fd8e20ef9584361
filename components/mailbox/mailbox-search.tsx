import { Button, Group, TextInput } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import { LinkButton } from '@/components/ui/link-button';
import type { FolderParam } from './folder-tabs';

/** A plain GET form: the search lives in the address (?q=), so it can be shared and reloaded. */
export async function MailboxSearch({ folder, q }: { folder: FolderParam; q: string }) {
  const t = await getTranslations('mailbox.search');
  return (
    <form method="get" action="/mail" role="search">
      <input type="hidden" name="cartella" value={folder} />
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput name="q" type="search" label={t('label')} placeholder={t('placeholder')} defaultValue={q} style={{ flex: 1, minWidth: 0 }} maxLength={200} />
        <Button type="submit" variant="default">
          {t('submit')}
        </Button>
        {q && (
          <LinkButton href={`/mail?cartella=${folder}`} variant="subtle">
            {t('clear')}
          </LinkButton>
        )}
      </Group>
    </form>
  );
}
