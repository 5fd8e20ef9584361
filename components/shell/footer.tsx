import { Anchor, Box, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconBrandFacebook, IconBrandInstagram, IconBrandLinkedin } from '@tabler/icons-react';
import { getTranslations } from 'next-intl/server';
import { providerDetails } from '@/lib/provider';
import { appVersion } from '@/lib/version';
import { FrontendVersion } from './frontend-version';

const SOCIAL_ICONS = { Facebook: IconBrandFacebook, Instagram: IconBrandInstagram, LinkedIn: IconBrandLinkedin } as const;

const digits = (value: string) => value.replace(/[^\d+]/g, '');

/** Staff pages only: the guest, contact-form, unsubscribe and login pages have no footer. */
export async function Footer() {
  const t = await getTranslations('footer');
  const provider = providerDetails();
  // The backend version is what /api/getGitVersion answers; both come from appVersion().
  const version = appVersion().label;
  return (
    <Box component="footer" px="md" py="lg" bg="var(--mantine-color-gray-0)" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }} data-testid="app-footer">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        <Stack gap={6}>
          <Text fw={700}>{(await getTranslations('meta'))('appName')}</Text>
          <Text size="sm" c="dimmed">
            {t('tagline')}
          </Text>
          <Group gap="xs" aria-label={t('social')}>
            {provider.socials.map((social) => {
              const Icon = SOCIAL_ICONS[social.name as keyof typeof SOCIAL_ICONS];
              return (
                <Anchor key={social.name} href={social.href} target="_blank" rel="noopener noreferrer" aria-label={social.name} c="dimmed">
                  <Icon size={20} aria-hidden />
                </Anchor>
              );
            })}
          </Group>
        </Stack>
        <Stack gap={4}>
          <Text fw={600} size="sm">
            {t('support')}
          </Text>
          <Text size="sm">
            {t('email')}: <Anchor href={`mailto:${provider.supportEmail}`}>{provider.supportEmail}</Anchor>
          </Text>
          <Text size="sm">
            {t('phone')}: <Anchor href={`tel:${digits(provider.supportPhone)}`}>{provider.supportPhone}</Anchor>
          </Text>
          <Text size="sm">
            {t('whatsapp')}:{' '}
            <Anchor href={`https://wa.me/${digits(provider.supportWhatsapp).replace('+', '')}`} target="_blank" rel="noopener noreferrer">
              {provider.supportWhatsapp}
            </Anchor>
          </Text>
          <Text size="sm">
            {t('address')}: {provider.supportAddress}
          </Text>
        </Stack>
        <Stack gap={4} justify="flex-end">
          <Text size="xs" c="dimmed" data-testid="version-frontend">
            <FrontendVersion label={t('frontend')} />
          </Text>
          <Text size="xs" c="dimmed" data-testid="version-backend">
            {t('backend')} {version}
          </Text>
        </Stack>
      </SimpleGrid>
    </Box>
  );
}
