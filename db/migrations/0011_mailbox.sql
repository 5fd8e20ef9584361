CREATE TABLE "mailbox_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"camping_id" text NOT NULL,
	"mailbox_id" text NOT NULL,
	"thread_id" text NOT NULL,
	"provider_message_id" text NOT NULL,
	"rfc_message_id" text,
	"in_reply_to" text,
	"references" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"from_address" text DEFAULT '' NOT NULL,
	"from_name" text DEFAULT '' NOT NULL,
	"to_addresses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cc_addresses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"snippet" text DEFAULT '' NOT NULL,
	"html" text,
	"text" text,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"folders" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"unread" boolean DEFAULT false NOT NULL,
	"direction" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"mail_trace_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mailbox_oauth_states" (
	"state" text PRIMARY KEY NOT NULL,
	"camping_id" text NOT NULL,
	"user_id" text NOT NULL,
	"encrypted_verifier" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mailbox_thread_contacts" (
	"thread_id" text NOT NULL,
	"contact_id" text NOT NULL,
	"camping_id" text NOT NULL,
	"manual" boolean DEFAULT false NOT NULL,
	CONSTRAINT "mailbox_thread_contacts_thread_id_contact_id_pk" PRIMARY KEY("thread_id","contact_id")
);
--> statement-breakpoint
CREATE TABLE "mailbox_threads" (
	"id" text PRIMARY KEY NOT NULL,
	"camping_id" text NOT NULL,
	"mailbox_id" text NOT NULL,
	"thread_key" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"snippet" text DEFAULT '' NOT NULL,
	"participants" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_message_at" timestamp with time zone NOT NULL,
	"message_count" integer DEFAULT 0 NOT NULL,
	"unread_count" integer DEFAULT 0 NOT NULL,
	"in_inbox" boolean DEFAULT false NOT NULL,
	"in_sent" boolean DEFAULT false NOT NULL,
	"quote_id" text,
	"trace_thread_id" text,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mailboxes" (
	"id" text PRIMARY KEY NOT NULL,
	"camping_id" text NOT NULL,
	"provider" text NOT NULL,
	"address" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"status_reason" text,
	"encrypted_secret" text NOT NULL,
	"encrypted_access_token" text,
	"access_token_expires_at" timestamp with time zone,
	"imap_settings" jsonb,
	"sync_cursor" jsonb,
	"full_sync_at" timestamp with time zone,
	"last_sync_at" timestamp with time zone,
	"last_sync_error" text,
	"last_sync_ms" integer,
	"sync_lease_until" timestamp with time zone,
	"bound_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mailbox_messages" ADD CONSTRAINT "mailbox_messages_camping_id_campsites_id_fk" FOREIGN KEY ("camping_id") REFERENCES "public"."campsites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailbox_messages" ADD CONSTRAINT "mailbox_messages_mailbox_id_mailboxes_id_fk" FOREIGN KEY ("mailbox_id") REFERENCES "public"."mailboxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailbox_messages" ADD CONSTRAINT "mailbox_messages_thread_id_mailbox_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."mailbox_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailbox_messages" ADD CONSTRAINT "mailbox_messages_mail_trace_id_mail_traces_id_fk" FOREIGN KEY ("mail_trace_id") REFERENCES "public"."mail_traces"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailbox_oauth_states" ADD CONSTRAINT "mailbox_oauth_states_camping_id_campsites_id_fk" FOREIGN KEY ("camping_id") REFERENCES "public"."campsites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailbox_oauth_states" ADD CONSTRAINT "mailbox_oauth_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailbox_thread_contacts" ADD CONSTRAINT "mailbox_thread_contacts_thread_id_mailbox_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."mailbox_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailbox_thread_contacts" ADD CONSTRAINT "mailbox_thread_contacts_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailbox_thread_contacts" ADD CONSTRAINT "mailbox_thread_contacts_camping_id_campsites_id_fk" FOREIGN KEY ("camping_id") REFERENCES "public"."campsites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailbox_threads" ADD CONSTRAINT "mailbox_threads_camping_id_campsites_id_fk" FOREIGN KEY ("camping_id") REFERENCES "public"."campsites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailbox_threads" ADD CONSTRAINT "mailbox_threads_mailbox_id_mailboxes_id_fk" FOREIGN KEY ("mailbox_id") REFERENCES "public"."mailboxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailbox_threads" ADD CONSTRAINT "mailbox_threads_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailboxes" ADD CONSTRAINT "mailboxes_camping_id_campsites_id_fk" FOREIGN KEY ("camping_id") REFERENCES "public"."campsites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailboxes" ADD CONSTRAINT "mailboxes_bound_by_user_id_users_id_fk" FOREIGN KEY ("bound_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mailbox_messages_provider_unique" ON "mailbox_messages" USING btree ("mailbox_id","provider_message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mailbox_messages_rfc_unique" ON "mailbox_messages" USING btree ("mailbox_id","rfc_message_id") WHERE "mailbox_messages"."rfc_message_id" is not null;--> statement-breakpoint
CREATE INDEX "mailbox_messages_thread_idx" ON "mailbox_messages" USING btree ("thread_id","sent_at");--> statement-breakpoint
CREATE INDEX "mailbox_messages_camping_idx" ON "mailbox_messages" USING btree ("camping_id");--> statement-breakpoint
CREATE INDEX "mailbox_oauth_states_camping_idx" ON "mailbox_oauth_states" USING btree ("camping_id");--> statement-breakpoint
CREATE INDEX "mailbox_thread_contacts_contact_idx" ON "mailbox_thread_contacts" USING btree ("camping_id","contact_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mailbox_threads_key_unique" ON "mailbox_threads" USING btree ("mailbox_id","thread_key");--> statement-breakpoint
CREATE INDEX "mailbox_threads_inbox_idx" ON "mailbox_threads" USING btree ("camping_id","last_message_at","id") WHERE "mailbox_threads"."in_inbox";--> statement-breakpoint
CREATE INDEX "mailbox_threads_sent_idx" ON "mailbox_threads" USING btree ("camping_id","last_message_at","id") WHERE "mailbox_threads"."in_sent";--> statement-breakpoint
CREATE INDEX "mailbox_threads_quote_idx" ON "mailbox_threads" USING btree ("camping_id","quote_id");--> statement-breakpoint
CREATE INDEX "mailbox_threads_trace_thread_idx" ON "mailbox_threads" USING btree ("camping_id","trace_thread_id");--> statement-breakpoint
CREATE INDEX "mailbox_threads_search_trgm_idx" ON "mailbox_threads" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "mailboxes_camping_unique" ON "mailboxes" USING btree ("camping_id");