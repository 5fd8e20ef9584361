import { eq } from 'drizzle-orm';
import { campsites } from '@/db/schema';
import { readQuoteSender } from '@/lib/configurations/service';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import { cleanDisplayName } from './sender-name';

/** The display name of a mail from the campsite's own mailbox: the quote settings' "mittente", else the campsite's name. */
export async function campsiteSenderName(ctx: CampsiteCtx): Promise<string> {
  const configured = cleanDisplayName((await readQuoteSender(ctx)).mittente);
  if (configured) return configured;
  const [row] = await ctx.db.select({ name: campsites.name }).from(campsites).where(eq(campsites.id, ctx.campsiteId));
  return cleanDisplayName(row?.name);
}
