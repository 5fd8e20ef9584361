import * as z from './validation/zod-safe';

// Every schema's messages in Italian: the API's errors and the forms' errors alike.
z.config(z.locales.it());

export type FieldIssue = { path: string; message: string };

export function fieldIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

export { z };
