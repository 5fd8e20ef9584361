import { staffRoute } from '@/lib/context/staff';
import { publicOrigin } from '@/lib/mail/origin';
import { googleConfigured, startGoogleAuthorization } from '@/lib/mailbox/gmail/oauth';

/**
 * "Collega Gmail": the logged-in staff (any pack level) go to Google's consent page; Google
 * sends them back to the callback with a code for this campsite.
 */
export async function GET(): Promise<Response> {
  return staffRoute({ packLevel: 0, onNoSession: 'login' }, async ({ run }) => {
    const origin = await publicOrigin();
    if (!googleConfigured()) return Response.redirect(`${origin}/manageGmail?esito=non-configurato`, 303);
    const url = await run((ctx) => startGoogleAuthorization(ctx, { redirectUri: `${origin}/api/mailbox/google/callback` }));
    return Response.redirect(url, 303);
  });
}
