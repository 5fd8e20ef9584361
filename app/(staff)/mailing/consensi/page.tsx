import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ConsentLogTable } from '@/components/newsletter/consent-log-table';
import { PageContainer } from '@/components/shell/page-container';
import { staffPage } from '@/lib/context/staff';
import { listConsents } from '@/lib/newsletter/consent-log';
import { consentLogParamsSchema } from '@/lib/newsletter/consent-validation';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('newsletterConsents'))('title') };
}

/** The campsite's newsletter consent log (double opt-in, staff changes, unsubscribes), keyset paged. */
export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { run } = await staffPage({ packLevel: 10 });
  const params = consentLogParamsSchema.parse(await searchParams);
  const page = await run((ctx) => listConsents(ctx, { email: params.email }, params.dopo));
  return (
    <PageContainer>
      <ConsentLogTable page={page} email={params.email ?? null} />
    </PageContainer>
  );
}
