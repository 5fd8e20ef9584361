import { redirectToQuote, type LegacyQuoteParams } from './redirect-to-quote';

/** The spec's /preventivi/:idPreventivo/:idCliente: the quote's page, when the contact is its guest. */
export default async function LegacyQuotePath({ params }: { params: Promise<LegacyQuoteParams> }) {
  return redirectToQuote(params, 'preview');
}
