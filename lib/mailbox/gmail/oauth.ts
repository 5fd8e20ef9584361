import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import { mailboxOauthStates } from '@/db/schema';
import type { StaffCtx, StaffWork } from '@/lib/context/unit-of-work';
import { decryptSecret, encryptSecret } from '@/lib/crypto/secret-box';
import { env } from '@/lib/env';
import { AppError } from '@/lib/errors';
import { newSecret } from '@/lib/ids';
import { saveBinding } from '../binding';
import type { MailboxView } from '../mailbox-row';
import { googleEndpoints } from './endpoints';
import { GoogleHttpError, googleJson, postForm } from './http';
import { googleClientCredentials, type TokenAnswer } from './tokens';
import { logger } from '@/lib/ops/logger.mjs';

const MODIFY_SCOPE = 'https://www.googleapis.com/auth/gmail.modify';
const SCOPES = ['openid', 'email', 'https://www.googleapis.com/auth/gmail.readonly', 'https://www.googleapis.com/auth/gmail.send', MODIFY_SCOPE].join(' ');

/** The staff have this long to consent at Google; the state is refused after it. */
const STATE_MAX_AGE = sql`now() - interval '10 minutes'`;

export function googleConfigured(): boolean {
  const { GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET } = env();
  return Boolean(GOOGLE_CLIENT_ID && GOOGLE_CLIENT_SECRET);
}

function credentials() {
  if (!googleConfigured()) throw new AppError('unavailable', 'Il collegamento a Gmail non è configurato su questo server.');
  return googleClientCredentials();
}

/**
 * The address of Google's consent page for binding the campsite's Gmail. The state (256 random
 * bits) ties the answer to this staff and campsite; the PKCE verifier, kept encrypted with it,
 * proves at the exchange that the code is ours.
 */
export async function startGoogleAuthorization(ctx: StaffCtx, input: { redirectUri: string }): Promise<string> {
  const { campsiteId, tenant } = ctx;
  const { clientId } = credentials();
  const state = newSecret();
  const verifier = newSecret();
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  await ctx.db.delete(mailboxOauthStates).where(and(eq(mailboxOauthStates.campingId, campsiteId), lt(mailboxOauthStates.createdAt, STATE_MAX_AGE)));
  await ctx.db.insert(mailboxOauthStates).values({ state, campingId: campsiteId, userId: tenant.userId, encryptedVerifier: encryptSecret(verifier), redirectUri: input.redirectUri });
  const url = new URL(googleEndpoints().authorization);
  const params = {
    response_type: 'code',
    client_id: clientId,
    redirect_uri: input.redirectUri,
    scope: SCOPES,
    access_type: 'offline',
    // Without it Google hands a refresh token only the first time the account consents.
    prompt: 'consent',
    include_granted_scopes: 'true',
    state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  };
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.toString();
}

/** The state, once: taken out whatever follows, and only by the campsite and staff who started it. */
async function takeState(ctx: StaffCtx, state: string) {
  const [row] = await ctx.db
    .delete(mailboxOauthStates)
    .where(and(eq(mailboxOauthStates.state, state), eq(mailboxOauthStates.campingId, ctx.campsiteId), eq(mailboxOauthStates.userId, ctx.tenant.userId)))
    .returning({ encryptedVerifier: mailboxOauthStates.encryptedVerifier, redirectUri: mailboxOauthStates.redirectUri, fresh: sql<boolean>`${mailboxOauthStates.createdAt} > ${STATE_MAX_AGE}` });
  if (!row || !row.fresh) throw new AppError('bad_request', 'La richiesta di collegamento non è valida o è scaduta: riprova da “Collega Gmail”.');
  return row;
}

async function exchangeCode(code: string, verifier: string, redirectUri: string): Promise<TokenAnswer> {
  const { clientId, clientSecret } = credentials();
  try {
    return await postForm<TokenAnswer>(googleEndpoints().token, {
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: redirectUri,
      client_id: clientId,
      client_secret: clientSecret,
    });
  } catch (error) {
    if (error instanceof GoogleHttpError && error.status < 500) {
      throw new AppError('bad_request', 'Google non ha accettato l’autorizzazione (scaduta o già usata): riprova da “Collega Gmail”.');
    }
    logger.error({ err: error }, 'Gmail: scambio del codice non riuscito');
    throw new AppError('unavailable', 'Google non risponde: riprova tra qualche minuto.');
  }
}

/** A grant we will not keep is given back, so that it does not linger among the account's connected apps. */
async function revokeQuietly(refreshToken: string): Promise<void> {
  await postForm(googleEndpoints().revoke, { token: refreshToken }).catch(() => undefined);
}

/**
 * Google's answer to the consent: the code becomes the refresh token the campsite's mailbox keeps.
 * Three steps: the state is spent in one unit of work, Google is asked with none open (its answer
 * may take seconds), and the binding is saved in a second one.
 */
export async function completeGoogleAuthorization(run: StaffWork, input: { state: string; code: string }): Promise<MailboxView> {
  const state = await run((ctx) => takeState(ctx, input.state));
  const tokens = await exchangeCode(input.code, decryptSecret(state.encryptedVerifier), state.redirectUri);
  if (!tokens.refresh_token) {
    throw new AppError('bad_request', 'Google non ha concesso l’accesso permanente alla casella: togli il CRM dagli accessi dell’account Google e collega di nuovo.');
  }
  // Google's consent lets the user untick permissions; gmail.modify alone covers reading, labels and sending.
  if (tokens.scope && !tokens.scope.split(' ').includes(MODIFY_SCOPE)) {
    await revokeQuietly(tokens.refresh_token);
    throw new AppError('bad_request', 'Per collegare la casella servono tutti i permessi richiesti: riprova lasciandoli selezionati.');
  }
  let address: string;
  try {
    ({ emailAddress: address } = await googleJson<{ emailAddress: string }>(`${googleEndpoints().gmail}/profile`, { headers: { authorization: `Bearer ${tokens.access_token}` } }));
  } catch (error) {
    logger.error({ err: error }, 'Gmail: lettura del profilo non riuscita');
    await revokeQuietly(tokens.refresh_token);
    throw new AppError('unavailable', 'Gmail non ha risposto alla lettura dell’indirizzo: riprova tra qualche minuto.');
  }
  const refreshToken = tokens.refresh_token;
  return run((ctx) => saveBinding(ctx, {
    provider: 'gmail',
    address,
    secret: refreshToken,
    accessToken: { token: tokens.access_token, expiresAt: new Date(Date.now() + tokens.expires_in * 1000) },
  }));
}
