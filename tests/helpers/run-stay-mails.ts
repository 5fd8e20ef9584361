/**
 * One run of the stay mail job in a process of its own, so a test can SIGKILL it mid-run:
 * `node --import tsx tests/helpers/run-stay-mails.ts <ISO instant> <origin>` on DATABASE_URL.
 */
export {};

const { getDb, closeDb } = await import('../../db/client');
const { sendDueStayMails } = await import('../../lib/workflows/stay-mails');

const [instant, origin] = process.argv.slice(2);
const report = await sendDueStayMails(getDb(), new Date(instant), origin);
process.stdout.write(`${JSON.stringify(report)}\n`);
await closeDb();
