CREATE TABLE "newsletter_batches" (
	"camping_id" text NOT NULL,
	"campaign_id" text NOT NULL,
	"batch_no" integer NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"size" integer NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"idempotency_key" text NOT NULL,
	"first_attempt_at" timestamp with time zone,
	"lease_until" timestamp with time zone,
	"last_error" text,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_batches_campaign_id_batch_no_pk" PRIMARY KEY("campaign_id","batch_no")
);
--> statement-breakpoint
CREATE TABLE "newsletter_consents" (
	"id" text PRIMARY KEY NOT NULL,
	"camping_id" text NOT NULL,
	"contact_id" text,
	"list_id" text,
	"email" text NOT NULL,
	"action" text NOT NULL,
	"method" text NOT NULL,
	"text_shown" text DEFAULT '' NOT NULL,
	"language_id" integer,
	"ip" text,
	"user_agent" text,
	"token_hash" text,
	"expires_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_recipients" (
	"camping_id" text NOT NULL,
	"campaign_id" text NOT NULL,
	"contact_id" text NOT NULL,
	"email" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"language_id" integer,
	"batch_no" integer,
	"state" text NOT NULL,
	"skip_reason" text,
	"provider_message_id" text,
	"last_event" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_recipients_campaign_id_contact_id_pk" PRIMARY KEY("campaign_id","contact_id")
);
--> statement-breakpoint
CREATE TABLE "provider_send_slots" (
	"key_hash" text PRIMARY KEY NOT NULL,
	"next_at" timestamp with time zone NOT NULL,
	"held_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "webhook_receipts" (
	"webhook_id" text PRIMARY KEY NOT NULL,
	"camping_id" text NOT NULL,
	"event_type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "list_memberships_camping_idx";--> statement-breakpoint
ALTER TABLE "campsites" ADD COLUMN "monthly_email_month" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "email_suppressed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "email_suppressed_reason" text;--> statement-breakpoint
ALTER TABLE "campaign_events" ADD COLUMN "provider_message_id" text;--> statement-breakpoint
ALTER TABLE "campaign_events" ADD COLUMN "webhook_id" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "language_id" integer;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "created_by" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "sent_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "failed_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "skipped_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "fanned_out_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "progress_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "content_snapshot" jsonb;--> statement-breakpoint
ALTER TABLE "newsletter_batches" ADD CONSTRAINT "newsletter_batches_camping_id_campsites_id_fk" FOREIGN KEY ("camping_id") REFERENCES "public"."campsites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_batches" ADD CONSTRAINT "newsletter_batches_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_consents" ADD CONSTRAINT "newsletter_consents_camping_id_campsites_id_fk" FOREIGN KEY ("camping_id") REFERENCES "public"."campsites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_consents" ADD CONSTRAINT "newsletter_consents_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_consents" ADD CONSTRAINT "newsletter_consents_list_id_mailing_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."mailing_lists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_recipients" ADD CONSTRAINT "newsletter_recipients_camping_id_campsites_id_fk" FOREIGN KEY ("camping_id") REFERENCES "public"."campsites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_recipients" ADD CONSTRAINT "newsletter_recipients_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_recipients" ADD CONSTRAINT "newsletter_recipients_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_receipts" ADD CONSTRAINT "webhook_receipts_camping_id_campsites_id_fk" FOREIGN KEY ("camping_id") REFERENCES "public"."campsites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "newsletter_batches_camping_idx" ON "newsletter_batches" USING btree ("camping_id");--> statement-breakpoint
CREATE INDEX "newsletter_batches_open_idx" ON "newsletter_batches" USING btree ("state","lease_until") WHERE "newsletter_batches"."state" in ('queued', 'sending');--> statement-breakpoint
CREATE INDEX "newsletter_consents_camping_at_idx" ON "newsletter_consents" USING btree ("camping_id","at","id");--> statement-breakpoint
CREATE INDEX "newsletter_consents_contact_idx" ON "newsletter_consents" USING btree ("contact_id");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_consents_token_uq" ON "newsletter_consents" USING btree ("token_hash") WHERE "newsletter_consents"."token_hash" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_recipients_address_uq" ON "newsletter_recipients" USING btree ("campaign_id",lower("email")) WHERE "newsletter_recipients"."batch_no" is not null;--> statement-breakpoint
CREATE INDEX "newsletter_recipients_batch_idx" ON "newsletter_recipients" USING btree ("campaign_id","batch_no");--> statement-breakpoint
CREATE INDEX "newsletter_recipients_camping_idx" ON "newsletter_recipients" USING btree ("camping_id");--> statement-breakpoint
CREATE INDEX "newsletter_recipients_message_idx" ON "newsletter_recipients" USING btree ("provider_message_id") WHERE "newsletter_recipients"."provider_message_id" is not null;--> statement-breakpoint
CREATE INDEX "webhook_receipts_camping_idx" ON "webhook_receipts" USING btree ("camping_id","received_at");--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_language_id_languages_id_fk" FOREIGN KEY ("language_id") REFERENCES "public"."languages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_events_campaign_at_idx" ON "campaign_events" USING btree ("campaign_id","at");--> statement-breakpoint
CREATE INDEX "list_memberships_list_added_idx" ON "list_memberships" USING btree ("list_id","created_at","contact_id");--> statement-breakpoint
CREATE INDEX "list_memberships_camping_idx" ON "list_memberships" USING btree ("camping_id","list_id","contact_id");--> statement-breakpoint
-- Send slots are worth nothing after a crash (a slot is at most a second ahead).
ALTER TABLE "provider_send_slots" SET UNLOGGED;
