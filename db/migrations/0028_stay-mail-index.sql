-- Issue 32: the stay mails' job finds one campsite's stays arriving soon or just gone by a range of
-- the offer's dates. Only indexes: no new table (nothing new for row-level security), nothing the
-- previous release reads.
CREATE INDEX "quote_cards_camping_arrival_idx" ON "quote_cards" USING btree ("camping_id","arrival");--> statement-breakpoint
CREATE INDEX "quote_cards_camping_departure_idx" ON "quote_cards" USING btree ("camping_id","departure");