import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { destructiveStatements, expandContractNote } from '@/scripts/migrations/destructive';

const reasons = (sql: string) => destructiveStatements(sql).map((finding) => finding.statement);

describe('migrations that would break the previous release during a rolling deploy', () => {
  it('finds drops, renames, type changes and required columns the old code does not write', () => {
    const sql = [
      'ALTER TABLE "quotes" DROP COLUMN "tags";',
      'DROP TABLE IF EXISTS "mailbox_bindings" CASCADE;',
      'ALTER TABLE "contacts" RENAME COLUMN "name" TO "full_name";',
      'ALTER TABLE "campsites" RENAME TO "sites";',
      'ALTER TABLE "quotes" ALTER COLUMN "valid_until" SET DATA TYPE date;',
      'ALTER TABLE "quotes" ALTER COLUMN "name" TYPE varchar(80);',
      'ALTER TABLE "contacts" ALTER COLUMN "phone" SET NOT NULL;',
      'ALTER TABLE "contacts" ADD COLUMN "country" text NOT NULL;',
    ].join('--> statement-breakpoint\n');
    expect(reasons(sql)).toHaveLength(8);
  });

  it('lets additive steps through, and NOT NULL on a column that is new or gets a default in the same file', () => {
    const sql = [
      'CREATE TABLE "hours" ("id" text PRIMARY KEY NOT NULL, "camping_id" text NOT NULL);',
      'ALTER TABLE "quotes" ADD COLUMN "title" text;',
      'ALTER TABLE "quotes" ADD COLUMN "kind" text DEFAULT \'x\' NOT NULL;',
      'ALTER TABLE "contacts" ADD COLUMN "lang" text;',
      'ALTER TABLE "contacts" ALTER COLUMN "lang" SET NOT NULL;',
      'ALTER TABLE "contacts" ALTER COLUMN "phone" SET DEFAULT \'\';',
      'ALTER TABLE "contacts" ALTER COLUMN "phone" SET NOT NULL;',
      'DROP INDEX "contacts_name_idx";',
      'CREATE INDEX "contacts_name_idx" ON "contacts" ("name");',
      '-- A comment may say DROP TABLE or RENAME without being one.',
    ].join('\n');
    expect(reasons(sql)).toEqual([]);
  });

  it('flags exactly the three destructive migrations among those already released', () => {
    const folder = 'db/migrations';
    const flagged = readdirSync(folder)
      .filter((file) => file.endsWith('.sql') && Number(file.slice(0, 4)) <= 26)
      .filter((file) => destructiveStatements(readFileSync(`${folder}/${file}`, 'utf8')).length > 0);
    expect(flagged).toEqual(['0006_drop-single-update-target.sql', '0008_rate-limiter-store.sql', '0012_drop-unused-mailbox-bindings.sql']);
  });

  it('reads the two-step plan from the marker comment, and wants it to explain something', () => {
    expect(expandContractNote('-- expand/contract: release-2026-11 stopped reading target_camping_id\nALTER TABLE "x" DROP COLUMN "y";')).toBe('release-2026-11 stopped reading target_camping_id');
    expect(expandContractNote('-- expand/contract: ok\nALTER TABLE "x" DROP COLUMN "y";')).toBeNull();
    expect(expandContractNote('ALTER TABLE "x" DROP COLUMN "y";')).toBeNull();
  });
});
