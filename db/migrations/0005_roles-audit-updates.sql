CREATE TABLE "product_update_targets" (
	"camping_id" text NOT NULL,
	"update_id" text NOT NULL,
	CONSTRAINT "product_update_targets_camping_id_update_id_pk" PRIMARY KEY("camping_id","update_id")
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" text PRIMARY KEY NOT NULL,
	"camping_id" text NOT NULL,
	"actor_user_id" text,
	"actor_email" text NOT NULL,
	"action" text NOT NULL,
	"entity_id" text,
	"summary" text DEFAULT '' NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_updates" DROP CONSTRAINT "product_updates_target_camping_id_campsites_id_fk";
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_operator" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "product_updates" ADD COLUMN "audience" text DEFAULT 'all' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_updates" ADD COLUMN "author_user_id" text;--> statement-breakpoint
ALTER TABLE "product_update_targets" ADD CONSTRAINT "product_update_targets_camping_id_campsites_id_fk" FOREIGN KEY ("camping_id") REFERENCES "public"."campsites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_update_targets" ADD CONSTRAINT "product_update_targets_update_id_product_updates_id_fk" FOREIGN KEY ("update_id") REFERENCES "public"."product_updates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_camping_id_campsites_id_fk" FOREIGN KEY ("camping_id") REFERENCES "public"."campsites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_update_targets_update_idx" ON "product_update_targets" USING btree ("update_id");--> statement-breakpoint
CREATE INDEX "audit_log_camping_created_idx" ON "audit_log" USING btree ("camping_id","created_at","id");--> statement-breakpoint
ALTER TABLE "product_updates" ADD CONSTRAINT "product_updates_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_updates_created_idx" ON "product_updates" USING btree ("created_at","id");