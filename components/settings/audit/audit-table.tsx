import { List, ListItem, TableTbody, TableTd, TableTh, TableThead, TableTr, Text } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import { cardCell, ResponsiveTable } from '@/components/ui/responsive-table';
import { auditActionKey } from '@/lib/audit/actions';

export type AuditRow = {
  id: string;
  when: string;
  actorEmail: string;
  action: string;
  summary: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

/** The log, newest first: when, who, the action in Italian, and what changed from → to. */
export async function AuditTable({ entries }: { entries: AuditRow[] }) {
  const t = await getTranslations('audit');
  // An entry written by an older release may name an action no longer listed: its summary says it.
  const actionLabel = (action: string) => (t.has(auditActionKey(action)) ? t(auditActionKey(action)) : action);
  const fieldLabel = (key: string) => (t.has(`fields.${key}`) ? t(`fields.${key}`) : key);
  const show = (value: unknown) => {
    if (value === null || value === undefined || value === '') return t('empty');
    if (typeof value === 'boolean') return value ? t('yes') : t('no');
    return typeof value === 'object' ? JSON.stringify(value) : String(value);
  };

  return (
    <ResponsiveTable minWidth={720} striped verticalSpacing="sm" data-testid="audit-table">
      <TableThead>
        <TableTr>
          <TableTh>{t('when')}</TableTh>
          <TableTh>{t('who')}</TableTh>
          <TableTh>{t('what')}</TableTh>
          <TableTh>{t('details')}</TableTh>
        </TableTr>
      </TableThead>
      <TableTbody>
        {entries.map((entry) => {
          const keys = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
          const both = entry.before !== null && entry.after !== null;
          return (
            <TableTr key={entry.id}>
              <TableTd {...cardCell(t('when'), 'short')} style={{ whiteSpace: 'nowrap' }}>
                {entry.when}
              </TableTd>
              <TableTd {...cardCell(t('who'))}>{entry.actorEmail}</TableTd>
              <TableTd {...cardCell(null, 'primary')}>{actionLabel(entry.action)}</TableTd>
              <TableTd {...cardCell(t('details'))}>
                <Text size="sm">{entry.summary}</Text>
                {keys.length > 0 && (
                  <List size="sm" mt={4}>
                    {keys.map((key) => (
                      <ListItem key={key}>
                        {fieldLabel(key)}:{' '}
                        {both
                          ? `${show(entry.before?.[key])} → ${show(entry.after?.[key])}`
                          : `${entry.before ? `${t('before')}: ` : ''}${show((entry.after ?? entry.before)?.[key])}`}
                      </ListItem>
                    ))}
                  </List>
                )}
              </TableTd>
            </TableTr>
          );
        })}
      </TableTbody>
    </ResponsiveTable>
  );
}
