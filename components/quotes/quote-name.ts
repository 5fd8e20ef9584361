/** Spec section 5 stores an empty name as 'undefined'; people see a readable label instead. */
export function displayQuoteName(name: string, fallback: string): string {
  return name && name !== 'undefined' ? name : fallback;
}

