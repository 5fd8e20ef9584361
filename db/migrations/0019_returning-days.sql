CREATE TABLE "dashboard_returning_days" (
	"camping_id" text NOT NULL,
	"day" date NOT NULL,
	"is_returning" boolean NOT NULL,
	"quotes" integer NOT NULL,
	"won" integer NOT NULL,
	"last_guests" integer NOT NULL,
	CONSTRAINT "dashboard_returning_days_pk" PRIMARY KEY("camping_id","day","is_returning")
);
--> statement-breakpoint
ALTER TABLE "dashboard_returning_days" ADD CONSTRAINT "dashboard_returning_days_camping_id_campsites_id_fk" FOREIGN KEY ("camping_id") REFERENCES "public"."campsites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The tenant wall of 0013 for the new table: the app role reads only its campsite's days.
GRANT SELECT, INSERT, UPDATE, DELETE ON "dashboard_returning_days" TO crm_app;
--> statement-breakpoint
ALTER TABLE "dashboard_returning_days" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "dashboard_returning_days" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "dashboard_returning_days" TO crm_app USING ("camping_id" = current_setting('app.camping_id', true)) WITH CHECK ("camping_id" = current_setting('app.camping_id', true));
--> statement-breakpoint
DO $$
BEGIN
  EXECUTE format('CREATE POLICY owner_access ON %I TO %I USING (true) WITH CHECK (true)', 'dashboard_returning_days', current_user);
END
$$;
--> statement-breakpoint
-- Campsites already rebuilt get their returning days at the job's next run, not at their next change.
INSERT INTO "dashboard_changes" ("camping_id") SELECT "camping_id" FROM "dashboard_refreshes" ON CONFLICT ("camping_id") DO NOTHING;
