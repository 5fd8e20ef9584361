import { Table, TableScrollContainer, TableTbody, TableTd, TableTh, TableThead, TableTr, Text } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import { LinkAnchor } from '@/components/ui/link-anchor';
import type { ContactListItem } from '@/lib/contacts/search';
import { formatDate } from '@/lib/format';

function phoneOf(contact: ContactListItem): string {
  return contact.phone ? [contact.phonePrefix, contact.phone].filter(Boolean).join(' ') : '';
}

/** The list's table; on a narrow screen it scrolls sideways inside its own box, never the page. */
export async function ContactTable({ contacts }: { contacts: ContactListItem[] }) {
  const t = await getTranslations('contacts');
  return (
    <TableScrollContainer minWidth={820} type="native">
      <Table striped highlightOnHover verticalSpacing="sm" aria-label={t('list.tableLabel')} data-testid="contacts-table">
        <TableThead>
          <TableTr>
            <TableTh scope="col">{t('fields.lastName')} / {t('fields.firstName')}</TableTh>
            <TableTh scope="col">{t('fields.email')}</TableTh>
            <TableTh scope="col">{t('fields.phone')}</TableTh>
            <TableTh scope="col">{t('fields.language')}</TableTh>
            <TableTh scope="col">{t('fields.nation')}</TableTh>
            <TableTh scope="col">{t('fields.createdAt')}</TableTh>
          </TableTr>
        </TableThead>
        <TableTbody>
          {contacts.map((contact) => {
            const name = [contact.lastName, contact.firstName].filter(Boolean).join(' ');
            return (
              <TableTr key={contact.id}>
                <TableTd>
                  <LinkAnchor href={`/clienti/${contact.id}`} fw={600}>
                    {name || contact.email || t('list.noName')}
                  </LinkAnchor>
                </TableTd>
                <TableTd>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {contact.email ?? ''}
                  </Text>
                </TableTd>
                <TableTd style={{ whiteSpace: 'nowrap' }}>{phoneOf(contact)}</TableTd>
                <TableTd>{contact.languageName ?? ''}</TableTd>
                <TableTd>{contact.nationName ?? ''}</TableTd>
                <TableTd style={{ whiteSpace: 'nowrap' }}>{formatDate(contact.createdAt)}</TableTd>
              </TableTr>
            );
          })}
        </TableTbody>
      </Table>
    </TableScrollContainer>
  );
}
