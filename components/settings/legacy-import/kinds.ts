import type { LegacyImportView } from '@/lib/legacy-import-runs/view';

/** A kind of record the importer reads, as the page hands it to the screen (lib/legacy-import/kinds). */
export type ImportKind = { name: string; label: string };

/** Kinds finished, for the bar: the old CRM gives no totals for most kinds, so the bar counts kinds. */
export function kindsDone(kinds: ImportKind[], checkpoints: LegacyImportView['checkpoints']): number {
  return kinds.filter((kind) => checkpoints[kind.name]?.done).length;
}

export const labelOf = (kinds: ImportKind[], name: string) => kinds.find((kind) => kind.name === name)?.label ?? name;

// Dark shades: the state is text on white and must keep its contrast (axe).
export const STATUS_COLOR = { running: 'blue.9', done: 'teal.9', failed: 'red.9' } as const;
