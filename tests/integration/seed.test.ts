import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { campsites, contacts, quotes, users } from '@/db/schema';
import { seedDemo } from '@/db/seed/index';
import { DEMO_LOGINS } from '@/db/seed/logins';
import { loginWithPassword } from '@/lib/auth/service';
import { QUOTE_PROGRESS } from '@/lib/vocabulary/quote-progress';
import { useTestDatabase } from '../helpers/db';
import { makeCampsite } from '../helpers/fixtures';

const db = await useTestDatabase();

describe('the demo seed', () => {
  it('creates the demo logins even when other campsites use the demo catalogue, and a second run changes nothing', async () => {
    await makeCampsite(db, { name: 'Collegato al catalogo demo', platformCampId: 'DEMO-PINETA' });
    await seedDemo(db);
    for (const login of DEMO_LOGINS) {
      const opened = await loginWithPassword(db, { email: login.email, password: login.password, kind: 'api' }, { ip: `seed-${login.email}`, userAgent: null });
      expect(opened.user.packLevel).toBe(login.packLevel);
    }
    const [lago] = await db.select({ id: users.campingId }).from(users).where(eq(users.email, 'admin@lagoazzurro.test'));
    const progress = await db.selectDistinct({ progress: quotes.progress }).from(quotes).where(eq(quotes.campingId, lago.id));
    expect(progress.map((row) => row.progress).sort()).toEqual([...QUOTE_PROGRESS].sort());

    const before = await Promise.all([db.select({ n: count() }).from(campsites), db.select({ n: count() }).from(contacts)]);
    const again = await seedDemo(db);
    expect(again.campsites.map((result) => result.status)).toEqual(['existing', 'existing']);
    const after = await Promise.all([db.select({ n: count() }).from(campsites), db.select({ n: count() }).from(contacts)]);
    expect(after).toEqual(before);
  });
});
