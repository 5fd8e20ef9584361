import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { QuotePreviewScreen } from '../quote-preview-screen';

type Params = { idCliente: string; idPreventivo: string; mailPreview: string };

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('quotes.preview'))('title') };
}

/** The spec's /crea-preventivo/preview/:idCliente/:idPreventivo/:mailPreview: the preview with the quote mail's preview open. */
export default async function QuoteMailPreviewPage({ params }: { params: Promise<Params> }) {
  const { idCliente, idPreventivo, mailPreview } = await params;
  // The old product wrote a flag there; only an explicit "off" keeps the mail closed.
  return <QuotePreviewScreen idCliente={idCliente} idPreventivo={idPreventivo} openMail={!['false', '0'].includes(mailPreview)} />;
}
