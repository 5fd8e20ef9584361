import { migrate } from '../../db/migrate';
import { openDatabase } from '../../db/client';

/** On PostgreSQL the migrations run once for the whole run; each PGlite test file migrates its own. */
export default async function setup() {
  const url = process.env.DATABASE_URL;
  if (!url) return;
  const handle = openDatabase({ url });
  await migrate(handle);
  await handle.close();
}
