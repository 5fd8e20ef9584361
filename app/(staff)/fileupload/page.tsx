import { Stack, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { FileUploadPanel } from '@/components/images/file-upload-panel';
import { PageContainer } from '@/components/shell/page-container';
import { requireStaff } from '@/lib/auth/staff';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('fileUpload'))('title') };
}

export default async function Page() {
  await requireStaff({ packLevel: 10 });
  const t = await getTranslations('fileUpload');
  return (
    <PageContainer>
      <Stack gap="lg">
        <Title order={1}>{t('title')}</Title>
        <FileUploadPanel />
      </Stack>
    </PageContainer>
  );
}
