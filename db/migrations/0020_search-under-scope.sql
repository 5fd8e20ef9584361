-- Search on its trigram indexes inside a campsite's scope. Under row-level security PostgreSQL
-- evaluates the policy's qual before any qual that is not LEAKPROOF, and LIKE (textlike) is not,
-- so the LIKE could no longer be an index condition: every search read the campsite's whole
-- table. Marking textlike LEAKPROOF needs a superuser; this function instead runs the LIKEs as the
-- tables' owner (no policy but owner_access's `true`, so the indexes are used) and returns the
-- row addresses of the matches of the campsite the scope names in app.camping_id only. The
-- caller reads those rows by ctid (a TID scan, whose condition is leakproof), so the policy still
-- applies to every row it returns. An unscoped session gets matches only when its login may read
-- the table unwalled anyway (the owner, the embedded PGlite).
CREATE OR REPLACE FUNCTION crm_unscoped_reader() RETURNS boolean
  LANGUAGE sql STABLE
  AS $$ SELECT coalesce(current_setting('app.camping_id', true), '') = '' AND pg_has_role(session_user, (SELECT relowner FROM pg_catalog.pg_class WHERE oid = 'public.contacts'::regclass), 'USAGE') $$;
--> statement-breakpoint
-- Word i matches when search_text is LIKE texts[i] or phone_digits is LIKE phones[i] (either may
-- be null); every word must match. Dynamic SQL so each search is planned with its own patterns.
CREATE OR REPLACE FUNCTION crm_contacts_matching(texts text[], phones text[]) RETURNS SETOF tid
  LANGUAGE plpgsql STABLE SECURITY DEFINER ROWS 2000
  SET search_path = pg_catalog, public
  AS $$
DECLARE
  conditions text[] := '{}';
  alternatives text[];
BEGIN
  FOR i IN 1 .. greatest(coalesce(array_length(texts, 1), 0), coalesce(array_length(phones, 1), 0)) LOOP
    alternatives := '{}';
    IF texts[i] IS NOT NULL THEN alternatives := alternatives || format('search_text LIKE $1[%s]', i); END IF;
    IF phones[i] IS NOT NULL THEN alternatives := alternatives || format('phone_digits LIKE $2[%s]', i); END IF;
    IF array_length(alternatives, 1) IS NULL THEN RETURN; END IF;
    conditions := conditions || ('(' || array_to_string(alternatives, ' OR ') || ')');
  END LOOP;
  IF array_length(conditions, 1) IS NULL THEN RETURN; END IF;
  RETURN QUERY EXECUTE 'SELECT ctid FROM public.contacts WHERE ' || array_to_string(conditions, ' AND ')
    || ' AND (camping_id = current_setting(''app.camping_id'', true) OR (SELECT public.crm_unscoped_reader()))'
    USING texts, phones;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION crm_contacts_matching(text[], text[]) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION crm_contacts_matching(text[], text[]) TO crm_app;
