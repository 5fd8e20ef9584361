/**
 * Spec section 5: a subject without a brace gets ' - RIF.: {id} [CRM]' so that replies can be
 * matched to their thread; a brace means the subject is a template and is left alone, and
 * newsletters never carry the reference.
 */
export function subjectWithReference(subject: string, referenceId: string, options: { newsletter?: boolean } = {}): string {
  if (options.newsletter || subject.includes('{') || subject.includes('}')) return subject;
  return `${subject} - RIF.: ${referenceId} [CRM]`;
}
