/** The browser tests' own PostgreSQL database: the name of DATABASE_URL's with `_e2e` appended. */
export function e2eDatabaseUrl(base: string | undefined): string | undefined {
  if (!base) return undefined;
  const url = new URL(base);
  const name = decodeURIComponent(url.pathname.slice(1)) || 'postgres';
  url.pathname = `/${encodeURIComponent(`${name}_e2e`)}`;
  return url.toString();
}
