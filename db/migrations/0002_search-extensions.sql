-- Accent- and case-insensitive search: 'muller' finds Müller, 'nicolo' finds Niccolò.
-- unaccent() is only STABLE, so an IMMUTABLE wrapper with an explicit dictionary lets
-- generated columns and indexes use it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION crm_search_text(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;
