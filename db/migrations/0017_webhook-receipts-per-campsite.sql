-- A webhook's svix-id is unique within one provider account, i.e. one campsite: two campsites may
-- see the same id, and the second one's event must not be dropped as a replay.
ALTER TABLE "webhook_receipts" DROP CONSTRAINT "webhook_receipts_pkey";--> statement-breakpoint
ALTER TABLE "webhook_receipts" ADD CONSTRAINT "webhook_receipts_camping_id_webhook_id_pk" PRIMARY KEY("camping_id","webhook_id");
