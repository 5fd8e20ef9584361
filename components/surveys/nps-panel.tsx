import { Group, Paper, Stack, Table, TableScrollContainer, TableTbody, TableTd, TableTh, TableThead, TableTr, Text, Title } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import { LinkAnchor } from '@/components/ui/link-anchor';
import { formatNumber } from '@/lib/format';
import type { NpsLine, NpsPanel as Panel } from '@/lib/surveys/nps';

/** −100…100 rounded, with its sign: "+42", "−8", "0". */
const signed = (value: number | null) => (value === null ? '—' : `${value > 0 ? '+' : value < 0 ? '−' : ''}${formatNumber(Math.abs(Math.round(value)))}`);

/** «Soddisfazione degli ospiti (NPS)»: a season per accommodation type against the previous one, each line opening its comments. */
export async function NpsPanel({ panel }: { panel: Panel }) {
  const t = await getTranslations('surveys');
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="nps-title" data-testid="nps-panel">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="nps-title">
            {t('npsTitle')}
          </Title>
          {panel && panel.seasons.length > 1 && (
            <Group gap="xs" component="nav" aria-label={t('seasonNav')}>
              {panel.seasons.map((season) => (
                <LinkAnchor key={season} href={`/dashboard?nps=${season}`} fw={season === panel.season ? 700 : 400} size="sm" aria-current={season === panel.season ? 'page' : undefined}>
                  {String(season)}
                </LinkAnchor>
              ))}
            </Group>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {t('npsHint')}
        </Text>
        {!panel ? (
          <Text c="dimmed" data-testid="nps-empty">
            {t('npsEmpty')}
          </Text>
        ) : (
          <TableScrollContainer minWidth={0} type="native">
            <Table data-testid="nps-table" fz={{ base: 'xs', sm: 'sm' }}>
              <TableThead>
                <TableTr>
                  <TableTh>{t('typology')}</TableTh>
                  <TableTh ta="right">{t('answers')}</TableTh>
                  <TableTh ta="right">{t('npsOf', { season: panel.season })}</TableTh>
                  <TableTh ta="right">{t('npsOf', { season: panel.previousSeason })}</TableTh>
                  <TableTh ta="right">{t('delta')}</TableTh>
                </TableTr>
              </TableThead>
              <TableTbody>
                <Line line={panel.overall} name={t('allTypes')} link={t('comments')} linkName={t('commentsOf', { typology: t('allTypes') })} strong />
                {panel.byTypology.map((line) => {
                  const name = line.typologyName || t('noTypology');
                  return <Line key={name} line={line} name={name} link={t('comments')} linkName={t('commentsOf', { typology: name })} />;
                })}
              </TableTbody>
            </Table>
          </TableScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}

function Line({ line, name, link, linkName, strong }: { line: NpsLine; name: string; link: string; linkName: string; strong?: boolean }) {
  return (
    <TableTr data-testid="nps-line">
      <TableTh scope="row" fw={strong ? 700 : 400}>
        <div>{name}</div>
        <LinkAnchor prefetch={false} href={line.commentsHref} size="xs" aria-label={linkName}>
          {link}
        </LinkAnchor>
      </TableTh>
      <TableTd ta="right">{formatNumber(line.current.answers)}</TableTd>
      <TableTd ta="right" fw={700} data-testid="nps-current">
        {signed(line.current.nps)}
      </TableTd>
      <TableTd ta="right">{signed(line.previous.nps)}</TableTd>
      <TableTd ta="right">{signed(line.delta)}</TableTd>
    </TableTr>
  );
}
