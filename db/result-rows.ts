/** Rows of a raw query: postgres.js returns an array, PGlite an object with `rows`. */
export function resultRows<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[];
}
