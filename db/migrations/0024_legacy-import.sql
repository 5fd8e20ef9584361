CREATE TABLE "legacy_id_map" (
	"camping_id" text NOT NULL,
	"kind" text NOT NULL,
	"old_id" text NOT NULL,
	"new_id" text NOT NULL,
	CONSTRAINT "legacy_id_map_pk" PRIMARY KEY("camping_id","kind","old_id")
);
--> statement-breakpoint
CREATE TABLE "legacy_imports" (
	"id" text PRIMARY KEY NOT NULL,
	"camping_id" text NOT NULL,
	"source_url" text NOT NULL,
	"source_campsite_id" text,
	"status" text DEFAULT 'running' NOT NULL,
	"dry_run" boolean DEFAULT false NOT NULL,
	"current_kind" text,
	"checkpoints" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"skipped" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"report" jsonb,
	"error" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "legacy_id_map" ADD CONSTRAINT "legacy_id_map_camping_id_campsites_id_fk" FOREIGN KEY ("camping_id") REFERENCES "public"."campsites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_imports" ADD CONSTRAINT "legacy_imports_camping_id_campsites_id_fk" FOREIGN KEY ("camping_id") REFERENCES "public"."campsites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "legacy_id_map_old_idx" ON "legacy_id_map" USING btree ("kind","old_id");--> statement-breakpoint
CREATE INDEX "legacy_imports_camping_idx" ON "legacy_imports" USING btree ("camping_id","started_at");--> statement-breakpoint
-- The tenant wall of 0013 for the new tables.
GRANT SELECT, INSERT, UPDATE, DELETE ON "legacy_imports", "legacy_id_map" TO crm_app;
--> statement-breakpoint
ALTER TABLE "legacy_imports" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "legacy_imports" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "legacy_id_map" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "legacy_id_map" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "legacy_imports" TO crm_app USING ("camping_id" = current_setting('app.camping_id', true)) WITH CHECK ("camping_id" = current_setting('app.camping_id', true));
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "legacy_id_map" TO crm_app USING ("camping_id" = current_setting('app.camping_id', true)) WITH CHECK ("camping_id" = current_setting('app.camping_id', true));
--> statement-breakpoint
DO $$
BEGIN
  EXECUTE format('CREATE POLICY owner_access ON %I TO %I USING (true) WITH CHECK (true)', 'legacy_imports', current_user);
  EXECUTE format('CREATE POLICY owner_access ON %I TO %I USING (true) WITH CHECK (true)', 'legacy_id_map', current_user);
END
$$;
--> statement-breakpoint
-- A guest link from the old CRM names old ids before any campsite is known: this answers, for
-- those ids only, the ids they became here (and the campsite), past the wall. It reveals nothing a
-- link's holder does not already have: the old ids are the link's own.
CREATE OR REPLACE FUNCTION crm_legacy_new_ids(p_kind text, p_old_ids text[])
  RETURNS TABLE (camping_id text, old_id text, new_id text)
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = pg_catalog, public
  AS $$ SELECT m.camping_id, m.old_id, m.new_id FROM public.legacy_id_map m WHERE m.kind = p_kind AND m.old_id = ANY (p_old_ids) $$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION crm_legacy_new_ids(text, text[]) TO crm_app;
