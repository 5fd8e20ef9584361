import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import { AccountForm } from '@/components/settings/users/account-form';
import { OwnPasswordForm } from '@/components/settings/users/own-password-form';
import { hasUsablePassword } from '@/lib/auth/passwords';
import { getOwnAccount } from '@/lib/users/account';
import type { SectionProps } from './types';

/** ?v=detUser, Account CRM: every user's own name, e-mail and password. */
export async function AccountSection({ run }: SectionProps) {
  const t = await getTranslations('settingsUsers.account');
  const user = await run((ctx) => getOwnAccount(ctx));
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('title')}</Title>
        <Text c="dimmed">{user.email}</Text>
      </div>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <AccountForm name={user.name} email={user.email} />
        <OwnPasswordForm hasPassword={hasUsablePassword(user.passwordHash)} />
      </SimpleGrid>
    </Stack>
  );
}
