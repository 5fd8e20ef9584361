CREATE TABLE "quote_questions" (
	"id" text PRIMARY KEY NOT NULL,
	"camping_id" text NOT NULL,
	"quote_id" text NOT NULL,
	"contact_id" text NOT NULL,
	"question_id" text,
	"card_idx" smallint,
	"author" text NOT NULL,
	"author_user_id" text,
	"body" text NOT NULL,
	"mail_trace_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quote_questions" ADD CONSTRAINT "quote_questions_camping_id_campsites_id_fk" FOREIGN KEY ("camping_id") REFERENCES "public"."campsites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_questions" ADD CONSTRAINT "quote_questions_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_questions" ADD CONSTRAINT "quote_questions_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_questions" ADD CONSTRAINT "quote_questions_question_id_quote_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."quote_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_questions" ADD CONSTRAINT "quote_questions_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_questions" ADD CONSTRAINT "quote_questions_mail_trace_id_mail_traces_id_fk" FOREIGN KEY ("mail_trace_id") REFERENCES "public"."mail_traces"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quote_questions_camping_quote_idx" ON "quote_questions" USING btree ("camping_id","quote_id","created_at");--> statement-breakpoint
CREATE INDEX "quote_questions_camping_contact_idx" ON "quote_questions" USING btree ("camping_id","contact_id","created_at");--> statement-breakpoint
CREATE INDEX "quote_questions_question_idx" ON "quote_questions" USING btree ("question_id");--> statement-breakpoint
-- The tenant wall of 0013 for the new table: the app role sees only its campsite's questions.
GRANT SELECT, INSERT, UPDATE, DELETE ON "quote_questions" TO crm_app;
--> statement-breakpoint
ALTER TABLE "quote_questions" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "quote_questions" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "quote_questions" TO crm_app USING ("camping_id" = current_setting('app.camping_id', true)) WITH CHECK ("camping_id" = current_setting('app.camping_id', true));
--> statement-breakpoint
DO $$
BEGIN
  EXECUTE format('CREATE POLICY owner_access ON %I TO %I USING (true) WITH CHECK (true)', 'quote_questions', current_user);
END
$$;
