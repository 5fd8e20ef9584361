/**
 * The browser tests' server runs the staff's work as a non-owner login, as production does
 * (README, DATABASE_APP_URL): creates it if needed (after the migrations made crm_app) and prints
 * its address for scripts/e2e-server.sh.
 */
import { appLoginUrl } from '../tests/helpers/app-login';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL mancante');
process.stdout.write(await appLoginUrl(url));
