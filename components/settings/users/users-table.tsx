import { Badge, TableTbody, TableTd, TableTh, TableThead, TableTr, Text } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import { LinkAnchor } from '@/components/ui/link-anchor';
import { cardCell, ResponsiveTable } from '@/components/ui/responsive-table';

export type UserListItem = { id: string; name: string; email: string; isAdmin: boolean; packLevel: number; lastLogin: string | null };

/** The campsite's users; each name opens its detail (edit, reset password, delete). */
export async function UsersTable({ users, currentUserId, detailHref }: { users: UserListItem[]; currentUserId: string; detailHref: (id: string) => string }) {
  const t = await getTranslations('settingsUsers.list');
  return (
    <ResponsiveTable minWidth={640} striped highlightOnHover verticalSpacing="sm" data-testid="users-table">
      <TableThead>
        <TableTr>
          <TableTh>{t('name')}</TableTh>
          <TableTh>{t('email')}</TableTh>
          <TableTh>{t('admin')}</TableTh>
          <TableTh>{t('packLevel')}</TableTh>
          <TableTh>{t('lastLogin')}</TableTh>
        </TableTr>
      </TableThead>
      <TableTbody>
        {users.map((user) => (
          <TableTr key={user.id}>
            <TableTd {...cardCell(null, 'primary')}>
              <LinkAnchor href={detailHref(user.id)}>
                {user.name}
              </LinkAnchor>
              {user.id === currentUserId && (
                <Badge ml="xs" size="sm" variant="light">
                  {t('you')}
                </Badge>
              )}
            </TableTd>
            <TableTd {...cardCell(t('email'))}>{user.email}</TableTd>
            <TableTd {...cardCell(t('admin'), 'short')}>{user.isAdmin ? t('yes') : t('no')}</TableTd>
            <TableTd {...cardCell(t('packLevel'), 'short')}>{user.packLevel}</TableTd>
            <TableTd {...cardCell(t('lastLogin'))}>
              <Text size="sm" c={user.lastLogin ? undefined : 'dimmed'}>
                {user.lastLogin ?? t('never')}
              </Text>
            </TableTd>
          </TableTr>
        ))}
      </TableTbody>
    </ResponsiveTable>
  );
}
