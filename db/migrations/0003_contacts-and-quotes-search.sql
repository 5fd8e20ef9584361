DROP INDEX "contacts_camping_email_unique";--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "search_text" text GENERATED ALWAYS AS (crm_search_text(coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(email, ''))) STORED;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "phone_digits" text GENERATED ALWAYS AS (regexp_replace(coalesce(phone_prefix, '') || coalesce(phone, ''), '[^0-9]', '', 'g')) STORED;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "search_text" text GENERATED ALWAYS AS (crm_search_text(coalesce(name, ''))) STORED;--> statement-breakpoint
CREATE INDEX "contacts_camping_email_idx" ON "contacts" USING btree ("camping_id",lower("email")) WHERE "contacts"."email" is not null;--> statement-breakpoint
CREATE INDEX "contacts_camping_name_idx" ON "contacts" USING btree ("camping_id",lower("last_name"),lower("first_name"),"id");--> statement-breakpoint
CREATE INDEX "contacts_search_trgm_idx" ON "contacts" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_phone_trgm_idx" ON "contacts" USING gin ("phone_digits" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "quotes_search_trgm_idx" ON "quotes" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "quotes_camping_valid_until_idx" ON "quotes" USING btree ("camping_id","valid_until");