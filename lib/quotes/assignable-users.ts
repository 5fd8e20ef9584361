import { and, asc, eq } from "drizzle-orm";
import { users } from "@/db/schema";
import type { CampsiteCtx } from "@/lib/context/unit-of-work";

export type AssignableUser = { id: string; name: string };

/** The campsite's staff a quote or request can be put «In carico a», by name; the provider's operators are not among them. */
export function listAssignableUsers(
  ctx: CampsiteCtx,
): Promise<AssignableUser[]> {
  return ctx.db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(
      and(eq(users.campingId, ctx.campsiteId), eq(users.isOperator, false)),
    )
    .orderBy(asc(users.name), asc(users.id))
    .limit(500);
}
