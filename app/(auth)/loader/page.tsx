import { Center, Loader, Stack, Text } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { BrandMark } from '@/components/shell/brand-mark';
import { LinkAnchor } from '@/components/ui/link-anchor';
import { LoaderRedirect } from './loader-redirect';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('loader'))('title'), robots: { index: false } };
}

/** Only paths of this site: an open redirect would let a link to us send people anywhere. */
function safeTarget(value: string | string[] | undefined): string {
  const target = typeof value === 'string' ? value : '';
  return target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\') ? target : '/dashboard';
}

/**
 * /loader (public): a waiting page that hands over to `?next=` (a path of this site), used by
 * links that land before the app has decided where to go; without a session the target asks to log in.
 */
export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const target = safeTarget((await searchParams).next);
  const t = await getTranslations('loader');
  return (
    <Center mih="100dvh" p="md" component="main">
      <Stack align="center" gap="sm" ta="center">
        <BrandMark size={48} />
        <Loader aria-hidden />
        <Text role="status">{t('text')}</Text>
        <Text size="sm" c="dimmed">
          {/* Underlined: in grey text, blue alone does not set a link apart (WCAG 1.4.1). */}
          {t('fallback')}{' '}
          <LinkAnchor href={target} underline="always">
            {target}
          </LinkAnchor>
        </Text>
        <LoaderRedirect target={target} />
      </Stack>
    </Center>
  );
}
