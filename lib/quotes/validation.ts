import { z } from "@/lib/validation";
import { QUOTE_PROGRESS } from "@/lib/vocabulary/quote-progress";

const isoDate = z.iso.date("Data non valida");
const quantity = z.coerce
  .number()
  .int("Deve essere un numero intero")
  .min(0, "Non può essere negativo")
  .max(99, "Al massimo 99");

/**
 * One card (scheda) as the staff fill it in. A draft may leave anything out; a quote saved as
 * 'nuovo' needs every card complete (see completeCardSchema). Prices are never taken from the
 * input: the server computes them from the booking platform's price list.
 */
export const cardInputSchema = z.object({
  /** The id of a card that already exists; its public link keeps working. */
  id: z.string().trim().min(1).optional(),
  typologyId: z.string().trim().min(1).nullish(),
  arrival: isoDate.nullish(),
  departure: isoDate.nullish(),
  people: z
    .array(
      z.object({ personTypeId: z.string().trim().min(1), count: quantity }),
    )
    .max(20)
    .default([]),
  vehicles: z
    .array(z.object({ id: z.string().trim().min(1), quantity }))
    .max(20)
    .default([]),
  services: z
    .array(z.object({ id: z.string().trim().min(1), quantity }))
    .max(30)
    .default([]),
  offerId: z.string().trim().min(1).nullish(),
  /** Hundredths of a percent: 1000 is 10%. */
  discountBasisPoints: z.coerce
    .number()
    .int()
    .min(0)
    .max(10_000, "Lo sconto non può superare il 100%")
    .default(0),
  discountCents: z.coerce.number().int().min(0).max(100_000_000).default(0),
  /** scontoSoloSuUnita; when absent the campsite's setting applies. */
  discountOnlyOnUnit: z.boolean().nullish(),
  text: z.string().max(20_000, "Testo troppo lungo").default(""),
  imageIds: z.array(z.string().trim().min(1)).max(20).default([]),
});

export type CardInput = z.output<typeof cardInputSchema>;

export const SAVE_AS = ["bozza", "nuovo"] as const;

export const quoteInputSchema = z.object({
  contactId: z.string().trim().min(1, "Scegli il cliente del preventivo"),
  /** An empty name is saved as 'undefined' (spec section 5). */
  name: z.string().trim().max(200, "Nome troppo lungo").default(""),
  languageId: z.coerce.number().int().positive().nullish(),
  validUntil: isoDate.nullish(),
  tags: z.array(z.string().trim().min(1)).max(20).default([]),
  cards: z
    .array(cardInputSchema)
    .max(10, "Al massimo 10 schede per preventivo")
    .default([]),
  saveAs: z.enum(SAVE_AS).default("bozza"),
  /** The version the editor loaded: a save over someone else's newer changes is refused. */
  expectedVersion: z.coerce.number().int().min(0).optional(),
});

export type QuoteInput = z.output<typeof quoteInputSchema>;

export const quoteListFiltersSchema = z.object({
  search: z.string().trim().max(100).optional(),
  progress: z
    .array(z.enum(QUOTE_PROGRESS, "Stato del preventivo non valido"))
    .optional(),
  tag: z.string().trim().max(60).optional(),
  dateFrom: z.string().trim().max(10).optional(),
  dateTo: z.string().trim().max(10).optional(),
  contactId: z.string().trim().min(1).optional(),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

export type QuoteListFilters = z.output<typeof quoteListFiltersSchema>;
