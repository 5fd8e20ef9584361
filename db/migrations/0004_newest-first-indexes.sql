DROP INDEX "contacts_camping_created_idx";--> statement-breakpoint
DROP INDEX "quote_requests_camping_created_idx";--> statement-breakpoint
DROP INDEX "quotes_camping_created_idx";--> statement-breakpoint
DROP INDEX "campaigns_camping_created_idx";--> statement-breakpoint
DROP INDEX "images_camping_created_idx";--> statement-breakpoint
DROP INDEX "mail_outbox_camping_idx";--> statement-breakpoint
DROP INDEX "mail_traces_contact_idx";--> statement-breakpoint
DROP INDEX "notifications_camping_created_idx";--> statement-breakpoint
CREATE INDEX "contacts_camping_created_idx" ON "contacts" USING btree ("camping_id","created_at","id");--> statement-breakpoint
CREATE INDEX "quote_requests_camping_created_idx" ON "quote_requests" USING btree ("camping_id","created_at","id");--> statement-breakpoint
CREATE INDEX "quotes_camping_created_idx" ON "quotes" USING btree ("camping_id","created_at","id");--> statement-breakpoint
CREATE INDEX "campaigns_camping_created_idx" ON "campaigns" USING btree ("camping_id","created_at");--> statement-breakpoint
CREATE INDEX "images_camping_created_idx" ON "images" USING btree ("camping_id","created_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_camping_idx" ON "mail_outbox" USING btree ("camping_id","created_at");--> statement-breakpoint
CREATE INDEX "mail_traces_contact_idx" ON "mail_traces" USING btree ("contact_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_camping_created_idx" ON "notifications" USING btree ("camping_id","created_at","id");