import { EmptyState, EmptyStateDescription, EmptyStateTitle, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPlus, IconUsers } from '@tabler/icons-react';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { UserCreateForm } from '@/components/settings/users/user-create-form';
import { UserDelete } from '@/components/settings/users/user-delete';
import { UserEditForm } from '@/components/settings/users/user-edit-form';
import { UserPasswordReset } from '@/components/settings/users/user-password-reset';
import { UsersTable } from '@/components/settings/users/users-table';
import { LinkAnchor } from '@/components/ui/link-anchor';
import { LinkButton } from '@/components/ui/link-button';
import { requireAdmin } from '@/lib/auth/roles';
import { AppError } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { getCampsiteUser, listUsers } from '@/lib/users/service';
import type { SectionProps } from './types';

/** ?v=showUsers: the list; &nuovo=1 the add form; &utenteID=<id> one user's detail. */
export async function UsersSection({ tenant, run, params, basePath }: SectionProps) {
  const listHref = `${basePath}?v=showUsers`;
  const detailHref = `${listHref}&utenteID=`;
  if (params.nuovo === '1') return <UserCreateForm listHref={listHref} detailHref={detailHref} />;
  if (params.utenteID) return <UserDetail {...{ tenant, run, params, basePath }} id={params.utenteID} listHref={listHref} />;

  const t = await getTranslations('settingsUsers.list');
  const users = await run((ctx) => listUsers(ctx));
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1}>{t('title')}</Title>
          <Text c="dimmed">{t('subtitle', { count: users.length })}</Text>
        </div>
        <LinkButton href={`${listHref}&nuovo=1`} leftSection={<IconPlus size={16} aria-hidden />}>
          {t('add')}
        </LinkButton>
      </Group>
      {users.length === 0 ? (
        <EmptyState icon={<IconUsers size={32} aria-hidden />} withIndicatorBackground py="xl">
          <EmptyStateTitle order={2}>{t('emptyTitle')}</EmptyStateTitle>
          <EmptyStateDescription>{t('emptyText')}</EmptyStateDescription>
        </EmptyState>
      ) : (
        <UsersTable
          currentUserId={tenant.userId}
          detailHref={(id) => `${detailHref}${id}`}
          users={users.map((user) => ({ ...user, lastLogin: user.lastLoginAt ? formatDateTime(user.lastLoginAt) : null }))}
        />
      )}
    </Stack>
  );
}

async function UserDetail({ tenant, run, id, listHref, basePath }: SectionProps & { id: string; listHref: string }) {
  const t = await getTranslations('settingsUsers');
  // The registry already hides the section from staff; the data layer refuses them as well.
  requireAdmin(tenant);
  const user = await run((ctx) => getCampsiteUser(ctx, id)).catch((error: unknown) => {
    if (error instanceof AppError && error.kind === 'not_found') notFound();
    throw error;
  });
  const isSelf = user.id === tenant.userId;
  return (
    <Stack gap="lg">
      <div>
        <LinkAnchor href={listHref} size="sm">
          {t('form.back')}
        </LinkAnchor>
        <Title order={1}>{t('detail.title', { name: user.name })}</Title>
        <Text c="dimmed" size="sm">
          {t('detail.lastLogin', { when: user.lastLoginAt ? formatDateTime(user.lastLoginAt) : t('list.never') })}
        </Text>
      </div>
      {isSelf && <Text size="sm">{t('detail.selfNote')}</Text>}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <UserEditForm user={{ id: user.id, name: user.name, email: user.email, isAdmin: user.isAdmin, packLevel: user.packLevel }} isSelf={isSelf} />
        <Stack gap="lg">
          {isSelf ? (
            <LinkAnchor href={`${basePath}?v=detUser`}>{t('detail.ownPassword')}</LinkAnchor>
          ) : (
            <>
              <UserPasswordReset userId={user.id} />
              <UserDelete user={{ id: user.id, email: user.email }} listHref={listHref} />
            </>
          )}
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}
