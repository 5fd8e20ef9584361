import { redirectToQuote, type LegacyQuoteParams } from '../redirect-to-quote';

/** /preventivi/:idPreventivo/:idCliente/stepsPrenotazione: the quote's booking steps, when the contact is its guest. */
export default async function LegacyBookingStepsPath({ params }: { params: Promise<LegacyQuoteParams> }) {
  return redirectToQuote(params, 'booking');
}
