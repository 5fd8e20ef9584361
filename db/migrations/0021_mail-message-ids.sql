ALTER TABLE "mail_outbox" ADD COLUMN "rfc_message_id" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "transport" text;--> statement-breakpoint
ALTER TABLE "mail_traces" ADD COLUMN "rfc_message_id" text;--> statement-breakpoint
CREATE INDEX "mail_traces_rfc_message_idx" ON "mail_traces" USING btree ("camping_id","rfc_message_id");