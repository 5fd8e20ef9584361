import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { QuotePreviewScreen } from './quote-preview-screen';

type Params = { idCliente: string; idPreventivo: string };

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('quotes.preview'))('title') };
}

export default async function QuotePreviewPage({ params }: { params: Promise<Params> }) {
  const { idCliente, idPreventivo } = await params;
  return <QuotePreviewScreen idCliente={idCliente} idPreventivo={idPreventivo} openMail={false} />;
}
