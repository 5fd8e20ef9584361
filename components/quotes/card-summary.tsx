import { Badge, Group, Paper, Stack, Table, TableTbody, TableTd, TableTh, TableThead, TableTr, Text, Title } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import { SafeHtml } from '@/components/ui/safe-html';
import { formatDate, formatMoney } from '@/lib/format';
import type { CardRow } from '@/lib/quotes/detail';

const isoToDate = (iso: string) => formatDate(new Date(`${iso}T12:00:00Z`));
const nightsOf = (card: CardRow) =>
  card.arrival && card.departure ? Math.round((Date.parse(card.departure) - Date.parse(card.arrival)) / 86_400_000) : null;

/** A subtotal, discount or total: the label in the first column, two empty cells the phone hides, the amount under the line totals. */
function SummaryRow({ label, amount, amountColor, bold, testId }: { label: string; amount: string; amountColor?: string; bold?: boolean; testId?: string }) {
  return (
    <TableTr>
      <TableTd fw={bold ? 700 : undefined} style={{ overflowWrap: 'anywhere' }}>
        {label}
      </TableTd>
      <TableTd visibleFrom="xs" />
      <TableTd visibleFrom="xs" />
      <TableTd ta="right" fw={bold ? 700 : undefined} c={amountColor} style={{ whiteSpace: 'nowrap' }} data-testid={testId}>
        {amount}
      </TableTd>
    </TableTr>
  );
}

/** One offer as the staff and the guest read it: stay, guests, every price line and the total. */
export async function CardSummary({ card, accepted, footer }: { card: CardRow; accepted?: boolean; footer?: React.ReactNode }) {
  const t = await getTranslations('quotes.card');
  const nights = nightsOf(card);
  const discount = card.subtotalCents - card.totalCents;
  const listed = (items: { label: string; count?: number; quantity?: number }[]) =>
    items
      .map((item) => ({ label: item.label, amount: item.count ?? item.quantity ?? 0 }))
      .filter((item) => item.amount > 0)
      .map((item) => `${item.amount} × ${item.label}`)
      .join(', ');
  return (
    <Paper withBorder radius="md" p="md" data-testid="card-summary" style={accepted ? { borderColor: 'var(--mantine-color-green-6)', borderWidth: 2 } : undefined}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start">
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
              {t('title', { idx: card.idx + 1 })}
            </Text>
            <Title order={3} size="h4">
              {card.typologyName || '—'}
            </Title>
            {card.arrival && card.departure && (
              <Text size="sm">
                {t('dates', { arrival: isoToDate(card.arrival), departure: isoToDate(card.departure) })}
                {nights !== null && ` · ${t('nights', { count: nights })}`}
              </Text>
            )}
          </div>
          {accepted && <Badge color="green">{t('accepted')}</Badge>}
        </Group>
        {card.people.some((p) => p.count > 0) && (
          <Text size="sm">
            <b>{t('people')}:</b> {listed(card.people)}
          </Text>
        )}
        {card.vehicles.some((v) => v.quantity > 0) && (
          <Text size="sm">
            <b>{t('vehicles')}:</b> {listed(card.vehicles)}
          </Text>
        )}
        {card.services.some((s) => s.quantity > 0) && (
          <Text size="sm">
            <b>{t('services')}:</b> {listed(card.services)}
          </Text>
        )}
        {card.priceLines.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('notPriced')}
          </Text>
        ) : (
          // On a phone quantity and unit price go under the line's name ("2 × 45,00 €"): four columns
          // of amounts do not fit a card 330 px wide. Each row keeps four cells, so the totals stay in one column.
          <Table fz="sm" verticalSpacing={4} aria-label={t('lines')}>
            <TableThead>
              <TableTr>
                <TableTh>{t('line')}</TableTh>
                <TableTh ta="right" visibleFrom="xs">
                  {t('quantity')}
                </TableTh>
                <TableTh ta="right" visibleFrom="xs">
                  {t('unitPrice')}
                </TableTh>
                <TableTh ta="right">{t('lineTotal')}</TableTh>
              </TableTr>
            </TableThead>
            <TableTbody>
              {card.priceLines.map((line, index) => (
                <TableTr key={index}>
                  <TableTd style={{ overflowWrap: 'anywhere' }}>
                    {line.label}
                    <Text size="xs" c="dimmed" hiddenFrom="xs" data-testid="price-line-detail">
                      {line.quantity} × {formatMoney(line.unitCents)}
                    </Text>
                  </TableTd>
                  <TableTd ta="right" visibleFrom="xs">
                    {line.quantity}
                  </TableTd>
                  <TableTd ta="right" visibleFrom="xs" style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(line.unitCents)}
                  </TableTd>
                  <TableTd ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(line.totalCents)}
                  </TableTd>
                </TableTr>
              ))}
              {discount > 0 && (
                <>
                  <SummaryRow label={t('subtotal')} amount={formatMoney(card.subtotalCents)} />
                  <SummaryRow
                    label={card.offerName ? t('offer', { name: card.offerName }) : card.discountOnlyOnUnit ? t('discountOnUnit') : t('discount')}
                    amount={`−${formatMoney(discount)}`}
                    amountColor="green.9"
                  />
                </>
              )}
              <SummaryRow label={t('total')} amount={formatMoney(card.totalCents)} bold testId="card-total" />
            </TableTbody>
          </Table>
        )}
        {card.text && <SafeHtml html={card.text} />}
        {footer}
      </Stack>
    </Paper>
  );
}
