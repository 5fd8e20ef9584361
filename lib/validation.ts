import * as z from './validation/zod-safe';

// Every schema's messages in Italian: the API's errors and the forms' errors alike.
z.config(z.locales.it());
// In the browser zod would probe for eval (new Function) before its first object parse: the CSP
// (lib/http/csp.ts) refuses it, and every form would report a violation. The server keeps the
// faster compiled parsers. Every client-side schema is built from this module, so this runs first.
if (typeof window !== 'undefined') z.config({ jitless: true });

export type FieldIssue = { path: string; message: string };

export function fieldIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

export { z };
