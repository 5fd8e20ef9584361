import { campsiteContext, type CampsiteCtx } from '@/lib/context/unit-of-work';
import type { PublicContext } from './endpoint';

/**
 * A public call's work for the campsite its ids named, once they are checked: guest work on the
 * call's own handle, so the call keeps the one unit of work the dispatcher opened for it.
 */
export function guestContextOf(ctx: PublicContext, campsiteId: string): CampsiteCtx {
  return campsiteContext({ kind: 'guest', campsiteId }, ctx.db);
}
