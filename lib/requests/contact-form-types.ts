import type { ShownField } from '@/lib/vocabulary/request-fields';
import type { FormOptions } from '@/lib/requests/form-options';
import type { GuestActionResult } from '@/lib/requests/guest-action';

export type Choice = { value: string; label: string };

/** What the browser needs to draw the form: labels already in the guest's language. */
export type ClientFormOptions = {
  fields: ShownField[];
  languages: Choice[];
  nations: (Choice & { phonePrefix: string })[];
  prefixes: Choice[];
  typologies: Choice[];
  ages: FormOptions['ages'];
  policyLink: string | null;
  /** Today in Europe/Rome: no stay starts earlier. */
  today: string;
};

/** Every field as the guest types it, by the codes the server reads. */
export type FormValues = {
  nome: string;
  cognome: string;
  email: string;
  prefisso: string;
  telefono: string;
  nazione: string;
  lingua: string;
  arrivo: string;
  partenza: string;
  tipologia: string;
  adulti: number | string;
  bambini: number | string;
  messaggio: string;
  privacy: boolean;
  /** The optional newsletter checkbox: ticked, a double opt-in starts. */
  newsletter: boolean;
  website: string;
};

export type SentRequest = { arrival: string | null; departure: string | null; firstName: string | null; newsletterPending?: boolean };
export type SendRequest = (values: FormValues) => Promise<GuestActionResult<SentRequest>>;
