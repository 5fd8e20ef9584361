import { requireStaff } from '@/lib/auth/staff';
import { runStaffWork, type StaffCtx } from '@/lib/context/unit-of-work';
import { classifyError } from '@/lib/error-classification';
import { fieldIssues, type z } from '@/lib/validation';
import { logger } from '@/lib/ops/logger.mjs';

export type ActionResult<T> =
  | { ok: true; data: T }
  | { ok: false; error: string; fieldErrors?: Record<string, string> };

/**
 * A staff server action: the session and pack level checked, the input parsed with the same zod
 * schema the API uses, the tenant handed to the service, and every refusal returned as an Italian
 * message for the form to show (the form keeps what the user typed). The handler receives the
 * request's unit of work (lib/context) and the parsed input.
 */
export type StaffActionDefinition = {
  schema: z.ZodType;
  handler: (ctx: StaffCtx, input: never) => Promise<unknown>;
  options: { packLevel?: 0 | 10 };
};

/** Where a staff action keeps its schema and handler, so the isolation and fuzz tests can walk every action by construction. */
export const STAFF_ACTION = Symbol.for('crm.staffAction');

export function staffActionDefinition(value: unknown): StaffActionDefinition | undefined {
  return typeof value === 'function' ? (value as { [STAFF_ACTION]?: StaffActionDefinition })[STAFF_ACTION] : undefined;
}

export function staffAction<S extends z.ZodType, R>(
  schema: S,
  handler: (ctx: StaffCtx, input: z.output<S>) => Promise<R>,
  options: { packLevel?: 0 | 10 } = {},
) {
  const action = async (input: z.input<S>): Promise<ActionResult<R>> => {
    const tenant = await requireStaff(options);
    const parsed = schema.safeParse(input);
    if (!parsed.success) {
      const fieldErrors = Object.fromEntries(fieldIssues(parsed.error).map((issue) => [issue.path, issue.message]));
      return { ok: false, error: 'Alcuni campi non sono validi: controlla quelli evidenziati.', fieldErrors };
    }
    try {
      // The unit of work: the campsite's walled transaction (the operator's is explicit and unscoped).
      return { ok: true, data: await runStaffWork(tenant, (ctx) => handler(ctx, parsed.data)) };
    } catch (error) {
      const known = classifyError(error);
      // A refusal that names its field (details.field, e.g. a mailbox's password) is shown next to it too.
      const field = typeof known?.details?.field === 'string' ? known.details.field : null;
      if (known) return { ok: false, error: known.message, ...(field ? { fieldErrors: { [field]: known.message } } : {}) };
      logger.error({ err: error }, 'Errore non gestito in un’azione');
      return { ok: false, error: 'Si è verificato un errore imprevisto. Riprova tra poco.' };
    }
  };
  return Object.assign(action, { [STAFF_ACTION]: { schema, handler, options } as StaffActionDefinition });
}
