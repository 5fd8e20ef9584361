import type { HistoryEntry, ProductUpdate } from '@/lib/updates/service';
import { z } from '@/lib/validation';

export const legacyUpdateSchema = z.object({
  _id: z.string(),
  titolo: z.string(),
  testo: z.string().describe('HTML già ripulito'),
  tutti: z.boolean().describe('vero se va a tutti i campeggi'),
  campings: z.array(z.string()).describe('i campeggi scelti (vuoto se tutti)'),
  viewed: z.boolean().optional(),
  date_creation: z.string(),
  __v: z.number(),
});

export function toLegacyUpdate(update: ProductUpdate & { targets?: { id: string }[]; viewed?: boolean }): z.infer<typeof legacyUpdateSchema> {
  return {
    _id: update.id,
    titolo: update.title,
    testo: update.html,
    tutti: update.audience === 'all',
    campings: update.targets?.map((target) => target.id) ?? [],
    ...((update as HistoryEntry).viewed === undefined ? {} : { viewed: (update as HistoryEntry).viewed }),
    date_creation: update.createdAt.toISOString(),
    __v: 0,
  };
}
