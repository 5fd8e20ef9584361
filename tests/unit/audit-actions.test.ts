import { describe, expect, it } from 'vitest';
import audit from '@/messages/it/audit.json';
import { AUDIT_ACTIONS, auditActionKey } from '@/lib/audit/actions';

const labelOf = (action: string) => {
  const [, key] = auditActionKey(action).split('.');
  return (audit.actions as Record<string, string>)[key];
};

describe('audit log action names', () => {
  it.each(AUDIT_ACTIONS)('%s reads in Italian in the log', (action) => {
    expect(labelOf(action)?.trim()).toBeTruthy();
    expect(labelOf(action)).not.toContain(action);
  });

  it('gives two actions two different labels', () => {
    const labels = AUDIT_ACTIONS.map(labelOf);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('keeps no label for an action nobody records', () => {
    const listed = new Set(AUDIT_ACTIONS.map((action) => auditActionKey(action).split('.')[1]));
    expect(Object.keys(audit.actions).filter((key) => !listed.has(key))).toEqual([]);
  });
});
