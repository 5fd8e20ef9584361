import { closeDb, getDatabaseHandle } from './client';
import { demoLoginsTable } from './seed/logins';
import { seedDemo, type SeedSummary } from './seed/index';

function printSummary(summary: SeedSummary): void {
  if (summary.removedCampsites > 0 || summary.removedProductUpdates > 0) {
    console.log(`Reset: eliminati ${summary.removedCampsites} campeggi demo e ${summary.removedProductUpdates} novità di prodotto.`);
  }
  for (const result of summary.campsites) {
    if (result.status === 'existing') {
      console.log(`${result.name}: già presente, non modificato.`);
      continue;
    }
    const c = result.counts;
    const byProgress = Object.entries(c.quotesByProgress)
      .map(([progress, count]) => `${progress} ${count}`)
      .join(', ');
    console.log(`${result.name}: creato.`);
    console.log(`  ${c.users} ${c.users === 1 ? 'utente' : 'utenti'}, ${c.contacts} contatti, ${c.quotes} preventivi (${c.cards} schede, ${c.progressEvents} cambi di stato)`);
    console.log(`  preventivi per stato: ${byProgress}`);
    console.log(`  ${c.requests} richieste (${c.requestsThisMonth} questo mese), ${c.lists} liste con ${c.listMemberships} iscritti, ${c.templates} modelli`);
    console.log(`  ${c.unreadNotifications} notifiche non lette e ${c.readNotifications} lette`);
  }
  console.log(summary.productUpdate === 'created' ? 'Novità di prodotto: creata.' : 'Novità di prodotto: già presente.');
  console.log(summary.providerCampsite === 'created' ? 'Campeggio del fornitore con il suo operatore: creato.' : 'Campeggio del fornitore: già presente.');
}

// Same environment files as `db/migrate.ts`, so both commands reach the same database.
await import('../scripts/load-env');
const reset = process.argv.includes('--reset');
const handle = getDatabaseHandle();
try {
  console.log(`Dati demo su ${handle.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}${reset ? ' (con --reset)' : ''}…`);
  printSummary(await seedDemo(handle.db, { reset }));
  console.log(`\n${demoLoginsTable()}`);
} catch (error) {
  // Drizzle wraps the database error: its cause says what went wrong, the message repeats the whole query.
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  console.error('Caricamento dei dati demo non riuscito:', cause instanceof Error ? cause.message : cause);
  process.exitCode = 1;
} finally {
  await closeDb();
}
