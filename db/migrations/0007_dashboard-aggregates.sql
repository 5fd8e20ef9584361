CREATE TABLE "dashboard_changes" (
	"camping_id" text PRIMARY KEY NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_count_days" (
	"camping_id" text NOT NULL,
	"kind" text NOT NULL,
	"day" date NOT NULL,
	"nation_id" integer DEFAULT 0 NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "dashboard_count_days_pk" PRIMARY KEY("camping_id","kind","day","nation_id")
);
--> statement-breakpoint
CREATE TABLE "dashboard_nation_days" (
	"camping_id" text NOT NULL,
	"day" date NOT NULL,
	"nation_id" integer NOT NULL,
	"reached" integer NOT NULL,
	"won" integer NOT NULL,
	CONSTRAINT "dashboard_nation_days_pk" PRIMARY KEY("camping_id","day","nation_id")
);
--> statement-breakpoint
CREATE TABLE "dashboard_quote_days" (
	"camping_id" text NOT NULL,
	"day" date NOT NULL,
	"progress" text NOT NULL,
	"quotes" integer NOT NULL,
	"max_card_cents" bigint NOT NULL,
	"accepted_card_cents" bigint NOT NULL,
	CONSTRAINT "dashboard_quote_days_pk" PRIMARY KEY("camping_id","day","progress")
);
--> statement-breakpoint
CREATE TABLE "dashboard_refreshes" (
	"camping_id" text PRIMARY KEY NOT NULL,
	"refreshed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dashboard_changes" ADD CONSTRAINT "dashboard_changes_camping_id_campsites_id_fk" FOREIGN KEY ("camping_id") REFERENCES "public"."campsites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_count_days" ADD CONSTRAINT "dashboard_count_days_camping_id_campsites_id_fk" FOREIGN KEY ("camping_id") REFERENCES "public"."campsites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_nation_days" ADD CONSTRAINT "dashboard_nation_days_camping_id_campsites_id_fk" FOREIGN KEY ("camping_id") REFERENCES "public"."campsites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_quote_days" ADD CONSTRAINT "dashboard_quote_days_camping_id_campsites_id_fk" FOREIGN KEY ("camping_id") REFERENCES "public"."campsites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_refreshes" ADD CONSTRAINT "dashboard_refreshes_camping_id_campsites_id_fk" FOREIGN KEY ("camping_id") REFERENCES "public"."campsites"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Marks the campsites whose counted rows a statement changed, so the refresh job rebuilds only
-- those. DO NOTHING: a mark already there is enough, and no writer waits on another's mark.
-- A campsite being deleted is skipped (its rows go with it).
CREATE OR REPLACE FUNCTION dashboard_mark_changed() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO dashboard_changes (camping_id)
      SELECT DISTINCT r.camping_id FROM old_rows r WHERE EXISTS (SELECT 1 FROM campsites c WHERE c.id = r.camping_id)
      ON CONFLICT (camping_id) DO NOTHING;
  ELSE
    INSERT INTO dashboard_changes (camping_id)
      SELECT DISTINCT r.camping_id FROM new_rows r WHERE EXISTS (SELECT 1 FROM campsites c WHERE c.id = r.camping_id)
      ON CONFLICT (camping_id) DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER dashboard_quotes_insert AFTER INSERT ON quotes REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_mark_changed();--> statement-breakpoint
CREATE TRIGGER dashboard_quotes_update AFTER UPDATE ON quotes REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_mark_changed();--> statement-breakpoint
CREATE TRIGGER dashboard_quotes_delete AFTER DELETE ON quotes REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_mark_changed();--> statement-breakpoint
CREATE TRIGGER dashboard_quote_cards_insert AFTER INSERT ON quote_cards REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_mark_changed();--> statement-breakpoint
CREATE TRIGGER dashboard_quote_cards_update AFTER UPDATE ON quote_cards REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_mark_changed();--> statement-breakpoint
CREATE TRIGGER dashboard_quote_cards_delete AFTER DELETE ON quote_cards REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_mark_changed();--> statement-breakpoint
CREATE TRIGGER dashboard_quote_requests_insert AFTER INSERT ON quote_requests REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_mark_changed();--> statement-breakpoint
CREATE TRIGGER dashboard_quote_requests_update AFTER UPDATE ON quote_requests REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_mark_changed();--> statement-breakpoint
CREATE TRIGGER dashboard_quote_requests_delete AFTER DELETE ON quote_requests REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_mark_changed();--> statement-breakpoint
CREATE TRIGGER dashboard_contacts_insert AFTER INSERT ON contacts REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_mark_changed();--> statement-breakpoint
CREATE TRIGGER dashboard_contacts_update AFTER UPDATE ON contacts REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_mark_changed();--> statement-breakpoint
CREATE TRIGGER dashboard_contacts_delete AFTER DELETE ON contacts REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_mark_changed();--> statement-breakpoint
CREATE TRIGGER dashboard_mail_outbox_insert AFTER INSERT ON mail_outbox REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_mark_changed();--> statement-breakpoint
CREATE TRIGGER dashboard_mail_outbox_update AFTER UPDATE ON mail_outbox REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_mark_changed();--> statement-breakpoint
CREATE TRIGGER dashboard_mail_outbox_delete AFTER DELETE ON mail_outbox REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_mark_changed();
