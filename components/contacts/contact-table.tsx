import { TableTbody, TableTd, TableTh, TableThead, TableTr, Text } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import { LinkAnchor } from '@/components/ui/link-anchor';
import { cardCell, ResponsiveTable } from '@/components/ui/responsive-table';
import type { ContactListItem } from '@/lib/contacts/search';
import { formatDate } from '@/lib/format';

function phoneOf(contact: ContactListItem): string {
  return contact.phone ? [contact.phonePrefix, contact.phone].filter(Boolean).join(' ') : '';
}

/** The list's table; on a phone each contact is a card, the name its title. */
export async function ContactTable({ contacts }: { contacts: ContactListItem[] }) {
  const t = await getTranslations('contacts');
  const label = {
    name: `${t('fields.lastName')} / ${t('fields.firstName')}`,
    email: t('fields.email'),
    phone: t('fields.phone'),
    language: t('fields.language'),
    nation: t('fields.nation'),
    createdAt: t('fields.createdAt'),
  };
  return (
    <ResponsiveTable minWidth={820} striped highlightOnHover verticalSpacing="sm" aria-label={t('list.tableLabel')} data-testid="contacts-table">
      <TableThead>
        <TableTr>
          <TableTh scope="col">{label.name}</TableTh>
          <TableTh scope="col">{label.email}</TableTh>
          <TableTh scope="col">{label.phone}</TableTh>
          <TableTh scope="col">{label.language}</TableTh>
          <TableTh scope="col">{label.nation}</TableTh>
          <TableTh scope="col">{label.createdAt}</TableTh>
        </TableTr>
      </TableThead>
      <TableTbody>
        {contacts.map((contact) => {
          const name = [contact.lastName, contact.firstName].filter(Boolean).join(' ');
          return (
            <TableTr key={contact.id} data-testid="contact-row">
              <TableTd {...cardCell(null, 'primary')}>
                <LinkAnchor href={`/clienti/${contact.id}`} fw={600}>
                  {name || contact.email || t('list.noName')}
                </LinkAnchor>
              </TableTd>
              <TableTd {...cardCell(label.email)}>{contact.email ? <Text size="sm">{contact.email}</Text> : null}</TableTd>
              <TableTd {...cardCell(label.phone, 'short')} style={{ whiteSpace: 'nowrap' }}>
                {phoneOf(contact) || null}
              </TableTd>
              <TableTd {...cardCell(label.language, 'short')}>{contact.languageName ?? null}</TableTd>
              <TableTd {...cardCell(label.nation, 'short')}>{contact.nationName ?? null}</TableTd>
              <TableTd {...cardCell(label.createdAt, 'short')} style={{ whiteSpace: 'nowrap' }}>
                {formatDate(contact.createdAt)}
              </TableTd>
            </TableTr>
          );
        })}
      </TableTbody>
    </ResponsiveTable>
  );
}
