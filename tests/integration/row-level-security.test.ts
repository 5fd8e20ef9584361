import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type DbOrTx } from '@/db/client';
import { contacts, notifications } from '@/db/schema';
import { APP_ROLE, afterCommit, scopeHandle, tenantTransaction, withTenant, WrongLoginError } from '@/db/tenant-scope';
import { runStreamingUnitOfWork } from '@/lib/context/streamed';
import { APP_LOGIN, appLoginUrl } from '../helpers/app-login';
import { useTestDatabase } from '../helpers/db';
import { makeCampsite } from '../helpers/fixtures';

/**
 * The second tenant wall: PostgreSQL itself answers a campsite's transaction only that campsite's
 * rows, even for a query that forgets the filter. Complete by construction: every table with a
 * camping_id column, today's and tomorrow's, must carry the policy.
 */

let db: Database;
beforeAll(async () => {
  db = await useTestDatabase();
});

const rows = async <T>(db: DbOrTx, query: ReturnType<typeof sql>) => (await db.execute(query)) as unknown as { rows?: T[] } & T[];
const list = <T>(result: { rows?: T[] } & T[]): T[] => result.rows ?? result;

async function rejection(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error('expected the work to fail');
}

async function tenantTables(): Promise<string[]> {
  const found = list(
    await rows<{ table_name: string }>(
      db,
      sql`select c.table_name from information_schema.columns c join information_schema.tables t using (table_schema, table_name)
          where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.column_name = 'camping_id' order by 1`,
    ),
  );
  return [...found.map((row) => row.table_name), 'campsites'];
}

async function twoCampsitesWithContacts() {
  const mine = await makeCampsite(db);
  const theirs = await makeCampsite(db);
  await db.insert(contacts).values([
    { campingId: mine.id, firstName: 'Mia', lastName: 'Propria', email: `mia.${mine.id}@esempio.it` },
    { campingId: theirs.id, firstName: 'Altrui', lastName: 'Straniero', email: `altrui.${theirs.id}@esempio.it` },
  ]);
  await db.insert(notifications).values({ campingId: theirs.id, group: 'preventivo', title: 'Solo per loro' });
  return { mine, theirs };
}

describe('row-level security', () => {
  it('guards every tenant table with ENABLE and FORCE and the campsite policy for the app role', async () => {
    const tables = await tenantTables();
    expect(tables.length).toBeGreaterThan(40);
    const guarded = list(
      await rows<{ relname: string; relrowsecurity: boolean; relforcerowsecurity: boolean; policy: string | null; roles: string | null }>(
        db,
        sql`select c.relname, c.relrowsecurity, c.relforcerowsecurity, p.polname as policy, array_to_string(array(select rolname from pg_roles where oid = any(p.polroles)), ',') as roles
            from pg_class c join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
            left join pg_policy p on p.polrelid = c.oid and p.polname = 'tenant_isolation'
            where c.relkind = 'r'`,
      ),
    );
    const byName = new Map(guarded.map((row) => [row.relname, row]));
    const unguarded = tables.filter((table) => {
      const row = byName.get(table);
      return !row || !row.relrowsecurity || !row.relforcerowsecurity || row.policy !== 'tenant_isolation' || row.roles !== APP_ROLE;
    });
    expect(unguarded).toEqual([]);
  });

  it('answers a query without the campsite filter only the rows of the scope’s campsite, in every tenant table', async () => {
    const { mine, theirs } = await twoCampsitesWithContacts();
    const outside = list(await rows<{ n: number }>(db, sql`select count(*)::int as n from contacts where camping_id = ${theirs.id}`));
    expect(outside[0].n).toBe(1);
    const tables = await tenantTables();
    const foreign = await tenantTransaction(db, mine.id, async (tx) => {
      const who = list(await rows<{ role: string }>(tx, sql`select current_user as role`));
      expect(who[0].role).toBe(APP_ROLE);
      const counts: Record<string, number> = {};
      for (const table of tables) {
        const column = table === 'campsites' ? 'id' : 'camping_id';
        const [row] = list(await rows<{ n: number }>(tx, sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)} <> ${mine.id}`));
        counts[table] = row.n;
      }
      return counts;
    });
    expect(Object.entries(foreign).filter(([, n]) => n > 0)).toEqual([]);
    const own = await tenantTransaction(db, mine.id, async (tx) => tx.select().from(contacts));
    expect(own.map((contact) => contact.lastName)).toEqual(['Propria']);
  });

  it('refuses to write a row of another campsite from inside a scope, and keeps nothing of it', async () => {
    const { mine, theirs } = await twoCampsitesWithContacts();
    const error = await rejection(() =>
      tenantTransaction(db, mine.id, (tx) => tx.insert(contacts).values({ campingId: theirs.id, firstName: 'Intruso', lastName: 'Infiltrato' })),
    );
    expect(String((error as { cause?: unknown }).cause ?? error)).toMatch(/row-level security|policy/i);
    const moved = await tenantTransaction(db, mine.id, (tx) => tx.update(contacts).set({ notes: 'cambiato' }).where(sql`true`).returning());
    expect(moved.every((contact) => contact.campingId === mine.id)).toBe(true);
    const left = list(await rows<{ n: number }>(db, sql`select count(*)::int as n from contacts where camping_id = ${theirs.id} and (last_name = 'Infiltrato' or notes = 'cambiato')`));
    expect(left[0].n).toBe(0);
  });

  it('leaves no campsite and no role on the connection after the scope ends', async () => {
    const { mine } = await twoCampsitesWithContacts();
    await tenantTransaction(db, mine.id, async () => undefined);
    const [after] = list(await rows<{ camping: string | null; role: string }>(db, sql`select current_setting('app.camping_id', true) as camping, current_user as role`));
    expect(after.camping ?? '').toBe('');
    expect(after.role).not.toBe(APP_ROLE);
  });

  it('defers work others must see until the commit, and drops it on a rollback', async () => {
    const { mine } = await twoCampsitesWithContacts();
    const seen: string[] = [];
    await tenantTransaction(db, mine.id, async () => {
      await afterCommit(() => void seen.push('dopo il commit'));
      seen.push('nella transazione');
    });
    await rejection(() =>
      tenantTransaction(db, mine.id, async () => {
        await afterCommit(() => void seen.push('mai'));
        throw new Error('annullata');
      }),
    );
    expect(seen).toEqual(['nella transazione', 'dopo il commit']);
  });
});

/** A campsite's streamed unit of work over this file's database, as the dispatcher and the staff routes run one. */
const scopedCall = (root: Database, campsiteId: string, call: (db: Database) => Promise<unknown>) =>
  runStreamingUnitOfWork({ kind: 'guest', campsiteId }, (ctx) => call(ctx.db), root);

describe('the API’s scope for a staff call', () => {
  it('runs the handler inside the campsite’s scope on PostgreSQL, and streams a list before committing', async () => {
    const { mine } = await twoCampsitesWithContacts();
    const counted = await scopedCall(db, mine.id, async (scoped) => {
      const [row] = list(await rows<{ n: number }>(scoped, sql`select count(*)::int as n from contacts`));
      return row.n;
    });
    const total = list(await rows<{ n: number }>(db, sql`select count(*)::int as n from contacts`))[0].n;
    // PGlite runs the handler unscoped (one connection; see db/tenant-scope.ts): it sees every row.
    if (process.env.DATABASE_URL) expect(counted).toBe(1);
    else expect(counted).toBe(total);

    const streamed = (await scopedCall(db, mine.id, async (scoped) => {
      const stream = new ReadableStream<string>({
        async pull(controller) {
          const names = await scoped.select({ lastName: contacts.lastName }).from(contacts);
          controller.enqueue(JSON.stringify(names.map((contact) => contact.lastName)));
          controller.close();
        },
      });
      return new Response(stream.pipeThrough(new TextEncoderStream()));
    })) as Response;
    const names = JSON.parse(await streamed.text()) as string[];
    if (process.env.DATABASE_URL) expect(names).toEqual(['Propria']);
    else expect(names).toContain('Propria');
  });
});

describe.skipIf(!process.env.DATABASE_URL)('the non-owner login of DATABASE_APP_URL', () => {
  it('keeps a campsite’s transaction to its rows even when a statement resets the role', async () => {
    const { mine } = await twoCampsitesWithContacts();
    const handle = openDatabase({ url: process.env.DATABASE_URL, appUrl: await appLoginUrl(process.env.DATABASE_URL!) });
    const afterReset = (scoped: DbOrTx) => async () => {
      // What an injected statement could try first.
      await scoped.execute(sql`reset role`);
      return list(await rows<{ camping_id: string }>(scoped, sql`select distinct camping_id from contacts`)).map((row) => row.camping_id);
    };
    try {
      const seen = await withTenant(handle.db, mine.id, async (scoped) => {
        const [who] = list(await rows<{ login: string }>(scoped, sql`select session_user as login`));
        expect(who.login).toBe(APP_LOGIN);
        return afterReset(scoped)();
      });
      expect(seen).toEqual([mine.id]);
      // The owner's connection, by contrast, is back to every campsite after the same statement.
      const owner = await tenantTransaction(db, mine.id, (scoped) => afterReset(scoped)());
      expect(owner.length).toBeGreaterThan(1);
    } finally {
      await handle.close();
    }
  });
});

describe.skipIf(!process.env.DATABASE_URL)('a campsite transaction that is not on its promised login', () => {
  it('fails closed before the work runs, instead of scoping on the owner', async () => {
    const { mine } = await twoCampsitesWithContacts();
    let ran = false;
    const error = await rejection(() =>
      tenantTransaction({ db, login: APP_LOGIN }, mine.id, async () => {
        ran = true;
      }),
    );
    expect(error).toBeInstanceOf(WrongLoginError);
    expect(ran).toBe(false);
  });

  it('finds the app login on the handle itself, so every bundled copy of the client module sees it', async () => {
    // A second instance of db/client, as a Next build bundles it several times: the copy that opened
    // the database (the jobs', in the server) is not the copy that scopes a request.
    const copy = (await import(/* @vite-ignore */ `${'@/db/client'}?copy`)) as typeof import('@/db/client');
    expect(copy.openDatabase).not.toBe(openDatabase);
    const handle = copy.openDatabase({ url: process.env.DATABASE_URL, appUrl: await appLoginUrl(process.env.DATABASE_URL!) });
    try {
      expect(scopeHandle(handle.db)?.login).toBe(APP_LOGIN);
      const { mine } = await twoCampsitesWithContacts();
      const login = await withTenant(handle.db, mine.id, async (scoped) => list(await rows<{ login: string }>(scoped, sql`select session_user as login`))[0].login);
      expect(login).toBe(APP_LOGIN);
    } finally {
      await handle.close();
    }
  });

  it('ends a transaction left idle past its limit, and the pool serves the next one', async () => {
    const { mine } = await twoCampsitesWithContacts();
    const error = await rejection(() =>
      tenantTransaction(
        db,
        mine.id,
        async (scoped) => {
          await new Promise((resolve) => setTimeout(resolve, 600));
          await scoped.execute(sql`select 1`);
        },
        { idleTimeoutMs: 200 },
      ),
    );
    expect(String((error as { message?: string }).message ?? error)).toMatch(/idle|terminat|connection|closed/i);
    const after = await tenantTransaction(db, mine.id, async (scoped) => list(await rows<{ n: number }>(scoped, sql`select count(*)::int as n from contacts`))[0].n);
    expect(after).toBe(1);
  });
});
