/**
 * What a migration may not do while the previous release still runs beside it (a rolling
 * deploy, docs/decisions/024-migrations-expand-then-contract.md): remove or rename what the old
 * code reads, change a column's type, or require a value the old code does not write. Such a
 * step is allowed only in a file that states its two-step plan in a marker comment:
 *
 *   -- expand/contract: <which earlier release stopped using it, or why the old code is unaffected>
 */

export type Finding = { statement: string; reason: string };

const MARKER = /^\s*--\s*expand\/contract:\s*(\S.{19,})$/im;

/** The explanation of the marker comment, if the file carries one (at least 20 characters). */
export function expandContractNote(sql: string): string | null {
  return MARKER.exec(sql)?.[1].trim() ?? null;
}

function withoutComments(sql: string): string {
  return sql.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/--[^\n]*/g, ' ');
}

function statementsOf(sql: string): string[] {
  return withoutComments(sql)
    .split(/;|\n\s*-->\s*statement-breakpoint/)
    .map((statement) => statement.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

const ident = String.raw`(?:"((?:[^"]|"")+)"|([a-z_][a-z0-9_$]*))`;
const name = (match: RegExpExecArray, at: number) => (match[at] ?? match[at + 1] ?? '').toLowerCase();

const RULES: { pattern: RegExp; reason: string }[] = [
  { pattern: /\bDROP\s+(TABLE|VIEW|MATERIALIZED\s+VIEW|SCHEMA|TYPE|FUNCTION|SEQUENCE)\b/i, reason: 'toglie un oggetto che il codice del rilascio precedente può ancora usare' },
  { pattern: /\bDROP\s+COLUMN\b/i, reason: 'toglie una colonna che il codice del rilascio precedente legge o scrive' },
  { pattern: /\bRENAME\b/i, reason: 'rinomina: il codice del rilascio precedente cerca ancora il vecchio nome' },
  { pattern: /\bALTER\s+COLUMN\s+\S+\s+(SET\s+DATA\s+)?TYPE\b/i, reason: 'cambia il tipo di una colonna che il codice del rilascio precedente usa col tipo vecchio' },
];

/**
 * The destructive statements of one migration file. SET NOT NULL (and ADD COLUMN … NOT NULL)
 * counts only for a column the old code may insert without: one that existed before this file
 * (not added by it) and gets no default in it.
 */
export function destructiveStatements(sql: string): Finding[] {
  const statements = statementsOf(sql);
  const added = new Set<string>();
  const defaulted = new Set<string>();
  for (const statement of statements) {
    for (const match of statement.matchAll(new RegExp(String.raw`\bADD\s+COLUMN\s+(?:IF\s+NOT\s+EXISTS\s+)?${ident}`, 'gi'))) added.add(name(match as RegExpExecArray, 1));
    for (const match of statement.matchAll(new RegExp(String.raw`\bALTER\s+COLUMN\s+${ident}\s+SET\s+DEFAULT\b`, 'gi'))) defaulted.add(name(match as RegExpExecArray, 1));
  }
  const findings: Finding[] = [];
  for (const statement of statements) {
    for (const rule of RULES) if (rule.pattern.test(statement)) findings.push({ statement, reason: rule.reason });
    for (const match of statement.matchAll(new RegExp(String.raw`\bALTER\s+COLUMN\s+${ident}\s+SET\s+NOT\s+NULL\b`, 'gi'))) {
      const column = name(match as RegExpExecArray, 1);
      if (!added.has(column) && !defaulted.has(column)) {
        findings.push({ statement, reason: `rende obbligatoria la colonna esistente «${column}» senza un default: gli inserimenti del rilascio precedente falliscono` });
      }
    }
    for (const match of statement.matchAll(new RegExp(String.raw`\bADD\s+COLUMN\s+(?:IF\s+NOT\s+EXISTS\s+)?${ident}([^,]*)`, 'gi'))) {
      const definition = match[3] ?? '';
      if (/\bNOT\s+NULL\b/i.test(definition) && !/\bDEFAULT\b|\bGENERATED\b/i.test(definition)) {
        findings.push({ statement, reason: `aggiunge la colonna obbligatoria «${name(match as RegExpExecArray, 1)}» senza un default: gli inserimenti del rilascio precedente falliscono` });
      }
    }
  }
  return findings;
}
