import { allDemoResources } from './demo-availability';
import { DEMO_CATALOGUES } from './demo-catalogue';

/** Every unit of the demo catalogues by id ('LA-PZ-STD-12' → 'Piazzola 12'). */
const DEMO_NAMES = new Map(Object.values(DEMO_CATALOGUES).flatMap((catalogue) => catalogue.typologies.flatMap(allDemoResources).map((resource) => [resource.id, resource.name] as const)));

/**
 * A booked unit (an entry of quotes.resources) as the staff read it. The booking steps store the
 * platform's ids; a legacy client may have stored the platform's own objects ({ id, nome }). The
 * demo's ids get their names back; a real platform's id is shown as the platform wrote it.
 */
export function resourceLabel(value: unknown): { id: string | null; label: string } | null {
  if (typeof value === 'string' || typeof value === 'number') {
    const id = String(value).trim();
    return id ? { id, label: DEMO_NAMES.get(id) ?? id } : null;
  }
  if (!value || typeof value !== 'object') return null;
  const record = value as Record<string, unknown>;
  const id = typeof record.id === 'string' || typeof record.id === 'number' ? String(record.id) : null;
  const name = [record.nome, record.name, record.descrizione].find((candidate) => typeof candidate === 'string' && candidate.trim());
  const label = typeof name === 'string' ? name.trim() : id ? (DEMO_NAMES.get(id) ?? id) : null;
  return label ? { id, label } : null;
}
