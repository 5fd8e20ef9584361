import { demoLoginsTable } from '../db/seed/logins';

console.log(`\nCRM Campeggi: http://localhost:${process.env.PORT ?? '3000'}\n\n${demoLoginsTable()}\n`);
