import { List, ListItem, TableTbody, TableTd, TableTh, TableThead, TableTr, Text } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import { cardCell, ResponsiveTable } from '@/components/ui/responsive-table';
import { auditActionKey } from '@/lib/audit/actions';
import { describeAuditChanges } from '@/lib/audit/describe';

export type AuditRow = {
  id: string;
  when: string;
  actorEmail: string;
  action: string;
  summary: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

/** The log, newest first: when, who, the action in Italian, and what changed from → to, in words (lib/audit/describe.ts). */
export async function AuditTable({ entries }: { entries: AuditRow[] }) {
  const t = await getTranslations('audit');
  // An entry written by an older release may name an action no longer listed: its summary says it.
  const actionLabel = (action: string) => (t.has(auditActionKey(action)) ? t(auditActionKey(action)) : action);
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
          const lines = describeAuditChanges(entry, t);
          return (
            <TableTr key={entry.id}>
              <TableTd {...cardCell(t('when'), 'short')} style={{ whiteSpace: 'nowrap' }}>
                {entry.when}
              </TableTd>
              <TableTd {...cardCell(t('who'))}>{entry.actorEmail}</TableTd>
              <TableTd {...cardCell(null, 'primary')}>{actionLabel(entry.action)}</TableTd>
              <TableTd {...cardCell(t('details'))}>
                <Text size="sm">{entry.summary}</Text>
                {lines.length > 0 && (
                  <List size="sm" mt={4}>
                    {lines.map((line) => (
                      <ListItem key={line.field}>
                        {line.label}: {line.before !== undefined && line.after !== undefined ? `${line.before} → ${line.after}` : (line.after ?? line.before)}
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
