import { staffRoute } from '@/lib/context/staff';
import { AppError } from '@/lib/errors';
import { publicOrigin } from '@/lib/mail/origin';
import { completeGoogleAuthorization } from '@/lib/mailbox/gmail/oauth';
import { requestMailboxSync } from '@/lib/mailbox/jobs';

/**
 * Google's answer to the consent: the code is exchanged for the mailbox's refresh token and the
 * staff land on /manageGmail with the outcome (esito); the session must be the one that started.
 */
export async function GET(request: Request): Promise<Response> {
  return staffRoute({ packLevel: 0, onNoSession: 'login' }, async ({ run }) => {
    const origin = await publicOrigin();
    const params = new URL(request.url).searchParams;
    const back = (outcome: string, message?: string) =>
      Response.redirect(`${origin}/manageGmail?esito=${outcome}${message ? `&messaggio=${encodeURIComponent(message)}` : ''}`, 303);
    const code = params.get('code');
    const state = params.get('state');
    if (params.get('error') || !code || !state) return back('annullato');
    try {
      await completeGoogleAuthorization(run, { state, code });
      await run(async (ctx) => requestMailboxSync(ctx));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return back('errore', error.message);
    }
    return back('collegato');
  });
}
