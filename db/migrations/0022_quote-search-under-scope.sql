-- The quotes list's search on the trigram indexes inside a campsite's scope (as 0020 did for
-- contacts): under row-level security the LIKEs were filters of a walk of the whole campsite
-- newest first, and a word matching nothing read all its quotes (~4-20 s at 600k). This function
-- runs the LIKEs as the tables' owner, for the campsite the scope names only, and returns the next
-- `wanted` matches in the list's order (created_at, id descending) strictly before the keyset
-- position, with their keys; the caller reads them by id (an index condition the policy does not
-- block) under the policy, applies the list's other filters, and asks for the next batch from the
-- last key when those filters left the page short.
--
-- A quote matches word i when its own search_text or its guest's is LIKE patterns[i]. One word, the
-- longest (the most trigrams, so the fewest index candidates), drives two branches, each limited
-- and ordered on its own so each is planned for what it holds: the quotes whose text matches it
-- (the trigram index of quotes) and the quotes of the guests whose text matches it and whose own
-- does not (the trigram index of contacts, or for a word in many guests the (camping_id,
-- created_at, id) index walked until `wanted`); the other words filter. A driving word under three
-- characters has no trigram, the index would return every row: then one walk newest first. Dynamic
-- SQL with the patterns as literals, so every search is planned for its own words.
CREATE OR REPLACE FUNCTION crm_quotes_matching(campsite text, patterns text[], since timestamptz, until timestamptz, before_at timestamptz, before_id text, wanted integer)
  RETURNS TABLE (id text, created_at timestamptz)
  LANGUAGE plpgsql STABLE SECURITY DEFINER ROWS 100
  SET search_path = pg_catalog, public
  AS $$
DECLARE
  driver integer := 1;
  conditions text := '';
  own text;
  ordered text := ' ORDER BY q.created_at DESC, q.id DESC LIMIT $7';
BEGIN
  IF coalesce(array_length(patterns, 1), 0) = 0 OR wanted < 1 THEN RETURN; END IF;
  IF campsite IS DISTINCT FROM current_setting('app.camping_id', true) AND NOT public.crm_unscoped_reader() THEN RETURN; END IF;
  FOR i IN 1 .. array_length(patterns, 1) LOOP
    IF length(patterns[i]) > length(patterns[driver]) THEN driver := i; END IF;
  END LOOP;
  FOR i IN 1 .. array_length(patterns, 1) LOOP
    IF i <> driver THEN conditions := conditions || format(' AND (q.search_text LIKE %L OR c.search_text LIKE %L)', patterns[i], patterns[i]); END IF;
  END LOOP;
  IF since IS NOT NULL THEN conditions := conditions || ' AND q.created_at >= $3'; END IF;
  IF until IS NOT NULL THEN conditions := conditions || ' AND q.created_at < $4'; END IF;
  IF before_at IS NOT NULL THEN conditions := conditions || ' AND (q.created_at, q.id) < ($5, $6)'; END IF;
  own := format('q.search_text LIKE %L', patterns[driver]);
  IF length(replace(patterns[driver], '%', '')) < 3 THEN
    RETURN QUERY EXECUTE
      'SELECT q.id, q.created_at FROM public.quotes q JOIN public.contacts c ON c.id = q.contact_id AND c.camping_id = q.camping_id'
      || format(' WHERE q.camping_id = $1 AND (%s OR c.search_text LIKE %L)', own, patterns[driver]) || conditions || ordered
      USING campsite, patterns, since, until, before_at, before_id, wanted;
    RETURN;
  END IF;
  RETURN QUERY EXECUTE
    'SELECT found.id, found.created_at FROM ('
    || '(SELECT q.id, q.created_at FROM public.quotes q JOIN public.contacts c ON c.id = q.contact_id AND c.camping_id = q.camping_id'
    || ' WHERE q.camping_id = $1 AND ' || own || conditions || ordered || ')'
    || ' UNION ALL '
    || '(SELECT q.id, q.created_at FROM public.contacts c JOIN public.quotes q ON q.contact_id = c.id AND q.camping_id = c.camping_id'
    || format(' WHERE c.camping_id = $1 AND c.search_text LIKE %L AND NOT ', patterns[driver]) || own || conditions || ordered || ')'
    || ') found ORDER BY found.created_at DESC, found.id DESC LIMIT $7'
    USING campsite, patterns, since, until, before_at, before_id, wanted;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION crm_quotes_matching(text, text[], timestamptz, timestamptz, timestamptz, text, integer) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION crm_quotes_matching(text, text[], timestamptz, timestamptz, timestamptz, text, integer) TO crm_app;
