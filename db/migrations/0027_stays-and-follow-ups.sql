-- Issue 32 (a stay's automatic mails and its survey) and issue 33 (follow-ups, «In carico a», the
-- board's per-column index). Only additions: the previous release never reads them.
CREATE TABLE "stay_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"camping_id" text NOT NULL,
	"quote_id" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"due_on" date NOT NULL,
	"outbox_id" text,
	"reason" text,
	"actor_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stay_surveys" (
	"id" text PRIMARY KEY NOT NULL,
	"camping_id" text NOT NULL,
	"token" text NOT NULL,
	"quote_id" text NOT NULL,
	"contact_id" text NOT NULL,
	"language_id" integer,
	"season" integer NOT NULL,
	"typology_name" text DEFAULT '' NOT NULL,
	"arrival" date,
	"departure" date,
	"score" smallint,
	"went_well" text DEFAULT '' NOT NULL,
	"to_improve" text DEFAULT '' NOT NULL,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stay_surveys_score_range" CHECK ("stay_surveys"."score" is null or "stay_surveys"."score" between 0 and 10)
);
--> statement-breakpoint
CREATE TABLE "follow_ups" (
	"id" text PRIMARY KEY NOT NULL,
	"camping_id" text NOT NULL,
	"subject" text NOT NULL,
	"quote_id" text,
	"contact_id" text,
	"assignee_id" text NOT NULL,
	"created_by_id" text,
	"due_at" timestamp with time zone NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"suggestion" text,
	"done_at" timestamp with time zone,
	"done_by_id" text,
	"dismissed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campsites" ADD COLUMN "stay_mails" jsonb;--> statement-breakpoint
ALTER TABLE "campsites" ADD COLUMN "follow_up_rules" jsonb;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "assignee_id" text;--> statement-breakpoint
ALTER TABLE "stay_messages" ADD CONSTRAINT "stay_messages_camping_id_campsites_id_fk" FOREIGN KEY ("camping_id") REFERENCES "public"."campsites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_messages" ADD CONSTRAINT "stay_messages_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_messages" ADD CONSTRAINT "stay_messages_outbox_id_mail_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."mail_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_messages" ADD CONSTRAINT "stay_messages_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_surveys" ADD CONSTRAINT "stay_surveys_camping_id_campsites_id_fk" FOREIGN KEY ("camping_id") REFERENCES "public"."campsites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_surveys" ADD CONSTRAINT "stay_surveys_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_surveys" ADD CONSTRAINT "stay_surveys_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_surveys" ADD CONSTRAINT "stay_surveys_language_id_languages_id_fk" FOREIGN KEY ("language_id") REFERENCES "public"."languages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_ups" ADD CONSTRAINT "follow_ups_camping_id_campsites_id_fk" FOREIGN KEY ("camping_id") REFERENCES "public"."campsites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_ups" ADD CONSTRAINT "follow_ups_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_ups" ADD CONSTRAINT "follow_ups_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_ups" ADD CONSTRAINT "follow_ups_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_ups" ADD CONSTRAINT "follow_ups_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_ups" ADD CONSTRAINT "follow_ups_done_by_id_users_id_fk" FOREIGN KEY ("done_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stay_messages_quote_kind_unique" ON "stay_messages" USING btree ("quote_id","kind");--> statement-breakpoint
CREATE INDEX "stay_messages_camping_created_idx" ON "stay_messages" USING btree ("camping_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "stay_surveys_token_unique" ON "stay_surveys" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "stay_surveys_quote_unique" ON "stay_surveys" USING btree ("quote_id");--> statement-breakpoint
CREATE INDEX "stay_surveys_camping_season_idx" ON "stay_surveys" USING btree ("camping_id","season");--> statement-breakpoint
CREATE INDEX "stay_surveys_camping_contact_idx" ON "stay_surveys" USING btree ("camping_id","contact_id");--> statement-breakpoint
CREATE INDEX "follow_ups_open_due_idx" ON "follow_ups" USING btree ("camping_id","assignee_id","due_at","id") WHERE "follow_ups"."done_at" is null and "follow_ups"."dismissed_at" is null;--> statement-breakpoint
CREATE INDEX "follow_ups_camping_contact_idx" ON "follow_ups" USING btree ("camping_id","contact_id","created_at");--> statement-breakpoint
CREATE INDEX "follow_ups_camping_quote_idx" ON "follow_ups" USING btree ("camping_id","quote_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "follow_ups_quote_suggestion_unique" ON "follow_ups" USING btree ("quote_id","suggestion") WHERE "follow_ups"."suggestion" is not null;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quotes_camping_progress_created_idx" ON "quotes" USING btree ("camping_id","progress","created_at","id");--> statement-breakpoint
CREATE INDEX "quotes_camping_assignee_idx" ON "quotes" USING btree ("camping_id","assignee_id");--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "stay_messages", "stay_surveys", "follow_ups" TO crm_app;
--> statement-breakpoint
ALTER TABLE "stay_messages" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "stay_messages" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "stay_surveys" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "stay_surveys" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "follow_ups" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "follow_ups" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "stay_messages" TO crm_app USING ("camping_id" = current_setting('app.camping_id', true)) WITH CHECK ("camping_id" = current_setting('app.camping_id', true));
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "stay_surveys" TO crm_app USING ("camping_id" = current_setting('app.camping_id', true)) WITH CHECK ("camping_id" = current_setting('app.camping_id', true));
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "follow_ups" TO crm_app USING ("camping_id" = current_setting('app.camping_id', true)) WITH CHECK ("camping_id" = current_setting('app.camping_id', true));
--> statement-breakpoint
DO $$
BEGIN
  EXECUTE format('CREATE POLICY owner_access ON %I TO %I USING (true) WITH CHECK (true)', 'stay_messages', current_user);
  EXECUTE format('CREATE POLICY owner_access ON %I TO %I USING (true) WITH CHECK (true)', 'stay_surveys', current_user);
  EXECUTE format('CREATE POLICY owner_access ON %I TO %I USING (true) WITH CHECK (true)', 'follow_ups', current_user);
END
$$;
