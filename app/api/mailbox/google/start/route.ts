import { getDb } from '@/db/client';
import { lookupStaff } from '@/lib/auth/staff';
import { publicOrigin } from '@/lib/mail/origin';
import { googleConfigured, startGoogleAuthorization } from '@/lib/mailbox/gmail/oauth';

/**
 * "Collega Gmail": the logged-in staff (any pack level) go to Google's consent page; Google
 * sends them back to the callback with a code for this campsite.
 */
export async function GET(): Promise<Response> {
  const origin = await publicOrigin();
  const found = await lookupStaff();
  if (!found.tenant) return Response.redirect(`${origin}/login`, 303);
  if (!googleConfigured()) return Response.redirect(`${origin}/manageGmail?esito=non-configurato`, 303);
  const url = await startGoogleAuthorization(getDb(), {
    campsiteId: found.tenant.campsiteId,
    userId: found.tenant.userId,
    redirectUri: `${origin}/api/mailbox/google/callback`,
  });
  return Response.redirect(url, 303);
}
