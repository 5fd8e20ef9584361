import { Badge, TableTbody, TableTd, TableTh, TableThead, TableTr, Text } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import { LinkAnchor } from '@/components/ui/link-anchor';
import { cardCell, ResponsiveTable } from '@/components/ui/responsive-table';
import { formatDate } from '@/lib/format';
import type { UpcomingStayMail } from '@/lib/stays/upcoming';
import { SkipStayMailButton } from './skip-button';

/** The stay's days as «dd/mm/yyyy – dd/mm/yyyy», or a dash for a booking without dates. */
export const stayDates = (arrival: string | null, departure: string | null) => (arrival ? `${formatDate(arrival)} – ${departure ? formatDate(departure) : '…'}` : '—');

/** The automatic mails still to go, each with «Salta»; the guest column left out on a guest's own page. */
export async function UpcomingStayMailsTable({ items, showGuest = true, today }: { items: UpcomingStayMail[]; showGuest?: boolean; today: string }) {
  const t = await getTranslations('stays');
  return (
    <ResponsiveTable minWidth={showGuest ? 860 : 640} striped data-testid="upcoming-stay-mails">
      <TableThead>
        <TableTr>
          <TableTh scope="col">{t('upcoming.date')}</TableTh>
          <TableTh scope="col">{t('upcoming.kind')}</TableTh>
          {showGuest && <TableTh scope="col">{t('upcoming.guest')}</TableTh>}
          <TableTh scope="col">{t('upcoming.stay')}</TableTh>
          <TableTh scope="col">{t('upcoming.accommodation')}</TableTh>
          <TableTh scope="col">{t('upcoming.language')}</TableTh>
          <TableTh scope="col">{t('upcoming.actions')}</TableTh>
        </TableTr>
      </TableThead>
      <TableTbody>
        {items.map((mail) => {
          const kind = t(`kinds.${mail.kind}`);
          const date = formatDate(mail.sendOn);
          return (
            <TableTr key={`${mail.quoteId}:${mail.kind}`}>
              <TableTd {...cardCell(t('upcoming.date'), 'short')} style={{ whiteSpace: 'nowrap' }}>
                {date}
                {mail.sendOn === today && ` (${t('upcoming.today')})`}
              </TableTd>
              <TableTd {...cardCell(t('upcoming.kind'), showGuest ? 'short' : 'primary')}>{kind}</TableTd>
              {showGuest && (
                <TableTd {...cardCell(null, 'primary')}>
                  <LinkAnchor href={`/clienti/${mail.contactId}`}>{mail.guestName}</LinkAnchor>
                  {!mail.guestEmail && (
                    <Badge ml="xs" color="orange" variant="light" size="sm">
                      {t('upcoming.noEmail')}
                    </Badge>
                  )}
                </TableTd>
              )}
              <TableTd {...cardCell(t('upcoming.stay'), 'short')} style={{ whiteSpace: 'nowrap' }}>
                {stayDates(mail.arrival, mail.departure)}
              </TableTd>
              <TableTd {...cardCell(t('upcoming.accommodation'))}>{mail.typologyName || '—'}</TableTd>
              <TableTd {...cardCell(t('upcoming.language'), 'short')}>
                <Text size="sm" span>
                  {mail.languageName ?? '—'}
                </Text>
              </TableTd>
              <TableTd {...cardCell(null, 'actions')}>
                <SkipStayMailButton quoteId={mail.quoteId} kind={mail.kind} guestName={mail.guestName} kindLabel={kind} dateLabel={date} />
              </TableTd>
            </TableTr>
          );
        })}
      </TableTbody>
    </ResponsiveTable>
  );
}
