import type { LegacyImportCheckpoint, LegacyImportCounts, LegacyImportSkip } from '@/db/schema';

/** The verification report as lib/legacy-import/verify.ts writes it on the row, for the screen. */
export type ImportReportView = {
  dryRun: boolean;
  kinds: { kind: string; label: string; there: number; here: number; written: number; unchanged: number; skipped: number }[];
  samples: { kind: string; compared: number; differences: { oldId: string; field: string; there: unknown; here: unknown }[] }[];
  skippedTotal: number;
  skipped: LegacyImportSkip[];
  calls: number;
};

/** Which field of the form a failed login names, so the error shows beside it. */
export type LoginErrorField = 'sourceUrl' | 'password';

/** One import as the settings screen shows it (operator only: it names the campsite and the source). */
export type LegacyImportView = {
  id: string;
  campsiteId: string;
  campsiteName: string;
  sourceUrl: string;
  /** The campsite's id in the old CRM: known once the job has logged in. */
  sourceCampsiteId: string | null;
  status: 'running' | 'done' | 'failed';
  dryRun: boolean;
  newCampsite: boolean;
  currentKind: string | null;
  checkpoints: Record<string, LegacyImportCheckpoint>;
  counts: Record<string, LegacyImportCounts>;
  report: ImportReportView | null;
  error: string | null;
  /** A run that failed before it could log in: the form, not «Riprendi», is where to fix it. */
  loginError: LoginErrorField | null;
  /**
   * Users of the destination campsite still without a password (the import brings none): the
   * operator sends them their invitations from the report. Read for one finished import only.
   */
  usersWithoutPassword: number | null;
  startedAt: string;
  updatedAt: string;
  finishedAt: string | null;
};

/** The field a login failure names (the messages of lib/legacy-import/client.ts); null when it names none. */
export function loginErrorField(error: string | null): LoginErrorField | null {
  if (!error) return null;
  if (/rifiutato l’accesso/.test(error)) return 'password';
  if (/Indirizzo del vecchio CRM non valido|non è raggiungibile|non parla il contratto/.test(error)) return 'sourceUrl';
  return null;
}
