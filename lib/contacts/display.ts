/** How a guest is named everywhere: first and last name, else the e-mail, else a dash. */
export function contactDisplayName(contact: { firstName: string; lastName: string; email: string | null }): string {
  const name = `${contact.firstName} ${contact.lastName}`.trim();
  return name || contact.email || '—';
}
