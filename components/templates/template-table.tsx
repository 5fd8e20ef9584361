import { Badge, Group, TableTbody, TableTd, TableTh, TableThead, TableTr, Text } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import { LinkAnchor } from '@/components/ui/link-anchor';
import { cardCell, ResponsiveTable } from '@/components/ui/responsive-table';
import { formatDate } from '@/lib/format';
import type { TemplateRow } from '@/lib/templates/service';
import { TemplateRowActions, type TemplateActions } from './template-row-actions';

type Props = { templates: TemplateRow[]; languageNames: Map<number, string>; actions: TemplateActions };

/** The dashboard's table (cards on a phone): name with the reminder badge, language, note, last change, actions. */
export async function TemplateTable({ templates, languageNames, actions }: Props) {
  const t = await getTranslations('templates.dashboard');
  return (
    <ResponsiveTable minWidth={760} striped highlightOnHover verticalSpacing="sm" aria-label={t('tableLabel')} data-testid="templates-table">
      <TableThead>
        <TableTr>
          <TableTh scope="col">{t('name')}</TableTh>
          <TableTh scope="col">{t('language')}</TableTh>
          <TableTh scope="col">{t('note')}</TableTh>
          <TableTh scope="col">{t('updatedAt')}</TableTh>
          <TableTh scope="col" style={{ textAlign: 'right' }}>
            {t('actions')}
          </TableTh>
        </TableTr>
      </TableThead>
      <TableTbody>
        {templates.map((template) => (
          <TableTr key={template.id} data-testid="template-row">
            <TableTd {...cardCell(null, 'primary')}>
              <Group gap="xs">
                <LinkAnchor href={`/templator/${template.id}`} fw={600}>
                  {template.name}
                </LinkAnchor>
                {template.purpose === 'newsletter' && (
                  <Badge color="grape" variant="light" title={t('newsletterBadgeTitle')}>
                    {t('newsletterBadge')}
                  </Badge>
                )}
                {template.isReminder && (
                  <Badge color="orange" variant="light" title={t('reminderBadgeTitle')}>
                    {t('reminderBadge')}
                  </Badge>
                )}
              </Group>
            </TableTd>
            <TableTd {...cardCell(null, 'badge')}>
              <Badge variant="outline" color={template.languageId ? 'blue' : 'gray'}>
                {template.languageId ? (languageNames.get(template.languageId) ?? template.languageId) : t('noLanguage')}
              </Badge>
            </TableTd>
            <TableTd {...cardCell(t('note'))} maw={320}>
              {template.note ? (
                <Text size="sm" c="dimmed" lineClamp={2}>
                  {template.note}
                </Text>
              ) : null}
            </TableTd>
            <TableTd {...cardCell(t('updatedAt'), 'short')} style={{ whiteSpace: 'nowrap' }}>
              {formatDate(template.updatedAt)}
            </TableTd>
            <TableTd {...cardCell(null, 'actions')}>
              <TemplateRowActions id={template.id} name={template.name} isReminder={template.isReminder} actions={actions} />
            </TableTd>
          </TableTr>
        ))}
      </TableTbody>
    </ResponsiveTable>
  );
}
