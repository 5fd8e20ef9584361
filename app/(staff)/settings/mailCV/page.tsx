import { Stack, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { CvSettingsForm } from '@/components/mail/cv/cv-settings-form';
import { PageContainer } from '@/components/shell/page-container';
import { readCvMailSettings } from '@/lib/configurations/cv-mail-settings';
import { staffPage } from '@/lib/context/staff';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('settingsMenu'))('mailCvSettings') };
}

/** /settings/mailCV (and /settings/mailCVL, the lucee campsites' name): the CV mail settings of the campsite. */
export default async function Page() {
  const { run } = await staffPage({ packLevel: 0 });
  const settings = await run((ctx) => readCvMailSettings(ctx));
  const title = (await getTranslations('settingsMenu'))('mailCvSettings');
  return (
    <PageContainer>
      <Stack gap="lg">
        <Title order={1} size="h2">
          {title}
        </Title>
        <CvSettingsForm settings={settings} />
      </Stack>
    </PageContainer>
  );
}
