-- The second tenant wall (docs/decisions/014-row-level-security.md). Every table that carries
-- camping_id, and campsites itself, answers the app role only the rows of the campsite that the
-- transaction named with set_config('app.camping_id', …, true). The role that runs the migrations
-- (the owner: jobs, logins, migrations) keeps every row through its own policy, because FORCE
-- subjects the owner to the policies too.
DO $$
BEGIN
  CREATE ROLE crm_app NOLOGIN;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  -- Roles belong to the cluster: another database of it (a test's, a branch's) made it already.
  NULL;
END
$$;
--> statement-breakpoint
DO $$
BEGIN
  -- The owner may switch to the app role inside a transaction (SET LOCAL ROLE); a superuser may anyway.
  EXECUTE format('GRANT crm_app TO %I', current_user);
EXCEPTION WHEN insufficient_privilege OR invalid_grant_operation THEN
  NULL;
END
$$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO crm_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO crm_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO crm_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO crm_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO crm_app;
--> statement-breakpoint
DO $$
DECLARE
  tenant_table record;
BEGIN
  FOR tenant_table IN
    SELECT c.table_name, c.column_name
    FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
    WHERE c.table_schema = 'public' AND (c.column_name = 'camping_id' OR (c.table_name = 'campsites' AND c.column_name = 'id'))
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', tenant_table.table_name);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', tenant_table.table_name);
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON %I TO crm_app USING (%2$I = current_setting(''app.camping_id'', true)) WITH CHECK (%2$I = current_setting(''app.camping_id'', true))',
      tenant_table.table_name, tenant_table.column_name);
    EXECUTE format('CREATE POLICY owner_access ON %I TO %I USING (true) WITH CHECK (true)', tenant_table.table_name, current_user);
  END LOOP;
END
$$;
