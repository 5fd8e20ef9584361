const IMAGE_ID = /<img\b[^>]*?\sdata-image-id\s*=\s*(?:"([^"]*)"|'([^']*)')/gi;

/**
 * The ids of the campsite images a template's HTML shows (the editor marks each inserted image
 * with data-image-id). The template's image list is derived from the HTML on every save, so it
 * cannot drift from what the mail really contains; the service then keeps only the campsite's own.
 */
export function imageIdsIn(html: string): string[] {
  const ids = [...html.matchAll(IMAGE_ID)].map((match) => (match[1] ?? match[2] ?? '').trim()).filter(Boolean);
  return [...new Set(ids)].slice(0, 100);
}
