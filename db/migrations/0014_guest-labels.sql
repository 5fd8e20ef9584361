CREATE TABLE "label_translations" (
	"camping_id" text NOT NULL,
	"source" text NOT NULL,
	"names" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "label_translations_camping_id_source_pk" PRIMARY KEY("camping_id","source")
);
--> statement-breakpoint
ALTER TABLE "quote_cards" ADD COLUMN "guest_labels" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "label_translations" ADD CONSTRAINT "label_translations_camping_id_campsites_id_fk" FOREIGN KEY ("camping_id") REFERENCES "public"."campsites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The tenant wall of 0013 for the new table: the app role sees only its campsite's translations.
GRANT SELECT, INSERT, UPDATE, DELETE ON "label_translations" TO crm_app;
--> statement-breakpoint
ALTER TABLE "label_translations" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "label_translations" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "label_translations" TO crm_app USING ("camping_id" = current_setting('app.camping_id', true)) WITH CHECK ("camping_id" = current_setting('app.camping_id', true));
--> statement-breakpoint
DO $$
BEGIN
  EXECUTE format('CREATE POLICY owner_access ON %I TO %I USING (true) WITH CHECK (true)', 'label_translations', current_user);
END
$$;
