-- An import started from the settings screen: the old CRM's login sealed (lib/crypto/secret-box)
-- until the run ends, and whether it makes a new campsite under the old id. The table keeps the
-- tenant wall of 0024: new columns need no new policy.
ALTER TABLE "legacy_imports" ADD COLUMN "secret" text;
--> statement-breakpoint
ALTER TABLE "legacy_imports" ADD COLUMN "new_campsite" boolean DEFAULT false NOT NULL;
