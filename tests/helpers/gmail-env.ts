import { startGmailStandIn } from './gmail-stand-in';

const CLIENT = { clientId: 'crm-client-id.apps.googleusercontent.com', clientSecret: 'segreto-client-di-prova' };

/**
 * Starts the Google stand-in and points the CRM's Google settings at it. Call it before anything
 * reads env(): the environment is parsed once, by the first module that asks.
 */
export async function gmailStandInEnvironment() {
  const standIn = await startGmailStandIn(CLIENT);
  process.env.GOOGLE_CLIENT_ID = CLIENT.clientId;
  process.env.GOOGLE_CLIENT_SECRET = CLIENT.clientSecret;
  process.env.GOOGLE_OAUTH_BASE_URL = standIn.baseUrl;
  process.env.GMAIL_API_BASE_URL = standIn.baseUrl;
  return standIn;
}
