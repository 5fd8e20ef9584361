-- Issue 33: the board sums every column's quotes under its filters. Summing the shown card's total
-- through a join on quote_cards read every card of the campsite (600,000 quotes: seconds); the
-- shown total is now kept on the quote itself, by triggers, so whoever writes the cards (services,
-- the legacy API, the import, an older release during a rolling deploy) keeps it right.
-- Only additions: the previous release never reads the column and its writes fire the triggers too.
ALTER TABLE "quotes" ADD COLUMN "shown_total_cents" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- The shown card: the accepted one, else the first (idx 0), as lib/quotes/board.ts reads it.
CREATE OR REPLACE FUNCTION quotes_shown_total(quote_row quotes) RETURNS integer
  LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT c.total_cents FROM quote_cards c WHERE c.quote_id = quote_row.id AND c.idx = coalesce(quote_row.accepted_card_idx, 0)), 0)
$$;
--> statement-breakpoint
-- After a statement on quote_cards: the quotes it touched take their shown card's total again,
-- written only where it changed (no row version, no trigger work, for an unchanged total).
CREATE OR REPLACE FUNCTION quote_cards_refresh_shown_total() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE quotes q SET shown_total_cents = quotes_shown_total(q)
      WHERE q.id IN (SELECT DISTINCT r.quote_id FROM old_rows r) AND q.shown_total_cents IS DISTINCT FROM quotes_shown_total(q);
  ELSE
    UPDATE quotes q SET shown_total_cents = quotes_shown_total(q)
      WHERE q.id IN (SELECT DISTINCT r.quote_id FROM new_rows r) AND q.shown_total_cents IS DISTINCT FROM quotes_shown_total(q);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER quote_cards_shown_total_insert AFTER INSERT ON quote_cards REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION quote_cards_refresh_shown_total();--> statement-breakpoint
CREATE TRIGGER quote_cards_shown_total_update AFTER UPDATE ON quote_cards REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION quote_cards_refresh_shown_total();--> statement-breakpoint
CREATE TRIGGER quote_cards_shown_total_delete AFTER DELETE ON quote_cards REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION quote_cards_refresh_shown_total();--> statement-breakpoint
-- Accepting another offer changes which card the quote is worth.
CREATE OR REPLACE FUNCTION quotes_accepted_card_shown_total() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  NEW.shown_total_cents := quotes_shown_total(NEW);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER quotes_shown_total_accepted BEFORE UPDATE OF accepted_card_idx ON quotes FOR EACH ROW
  WHEN (OLD.accepted_card_idx IS DISTINCT FROM NEW.accepted_card_idx) EXECUTE FUNCTION quotes_accepted_card_shown_total();--> statement-breakpoint
UPDATE quotes q SET shown_total_cents = c.total_cents
  FROM quote_cards c
  WHERE c.quote_id = q.id AND c.idx = coalesce(q.accepted_card_idx, 0) AND c.total_cents <> 0;
