import { Stack, Text, Title } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import { ContactsForm } from '@/components/settings/campsite/contacts-form';
import { FollowUpRulesForm } from '@/components/settings/campsite/follow-up-rules-form';
import { FormFieldsForm } from '@/components/settings/campsite/form-fields-form';
import { GeneralForm } from '@/components/settings/campsite/general-form';
import { HoursForm } from '@/components/settings/campsite/hours-form';
import { LabelTranslationsForm } from '@/components/settings/campsite/label-translations-form';
import { LanguagesForm } from '@/components/settings/campsite/languages-form';
import { LocalizationForm } from '@/components/settings/campsite/localization-form';
import { localizableTexts } from '@/components/settings/campsite/localization-keys';
import { MailingForm } from '@/components/settings/campsite/mailing-form';
import { OccupancyForm } from '@/components/settings/campsite/occupancy-form';
import { SettingsTabs } from '@/components/settings/campsite/settings-tabs';
import { StayMailsForm } from '@/components/settings/campsite/stay-mails-form';
import { TagsForm } from '@/components/settings/campsite/tags-form';
import { listKnownLanguages } from '@/lib/campsites/languages';
import { getCampsiteSettings } from '@/lib/campsites/settings';
import { writeCampsiteScope } from '@/lib/campsites/settings-scope';
import { getFollowUpRules } from '@/lib/follow-ups/rules';
import { labelSettingsRows } from '@/lib/label-translations/settings-rows';
import { getStayMailSettings, stayTemplateOptions } from '@/lib/stays/settings-service';
import type { SectionProps } from './types';

/** The settings tabs of one campsite; the campsite admin's own (404 for another), any for the operator. */
export async function CampsiteSettingsTabs({ tenant, run, campsiteId }: Pick<SectionProps, 'tenant' | 'run' | 'basePath'> & { campsiteId: string }) {
  const id = writeCampsiteScope(tenant, campsiteId);
  const [{ settings, known, labels, stayMails, followUpRules }, t] = await Promise.all([
    run(async (ctx) => {
      const [settings, known, stayMails, stayTemplates, followUpRules] = await Promise.all([
        getCampsiteSettings(ctx, id),
        listKnownLanguages(ctx),
        getStayMailSettings(ctx, id),
        stayTemplateOptions(ctx, id),
        getFollowUpRules(ctx, id),
      ]);
      return {
        settings,
        known,
        followUpRules,
        stayMails: { settings: stayMails, templates: stayTemplates },
        labels: await labelSettingsRows(ctx, { campsiteId: id, platformCampId: settings.platformCampId }),
      };
    }),
    getTranslations('campsiteSettings'),
  ]);
  const publicFormUrl = `${settings.lucee ? '/contattaciL' : '/contattaci'}/${encodeURIComponent(settings.id)}`;
  const tabs = [
    { value: 'generale', panel: <GeneralForm campsiteId={id} settings={settings} isOperator={tenant.isOperator} /> },
    { value: 'orari', panel: <HoursForm campsiteId={id} hours={settings.openingHours} /> },
    { value: 'contatti', panel: <ContactsForm campsiteId={id} contacts={settings.contacts} /> },
    { value: 'occupazione', panel: <OccupancyForm campsiteId={id} scale={settings.occupancyScale} /> },
    { value: 'modulo', panel: <FormFieldsForm campsiteId={id} fields={settings.contactFormFields} publicFormUrl={publicFormUrl} /> },
    {
      value: 'lingue',
      panel: (
        <LanguagesForm
          campsiteId={id}
          languages={settings.languages}
          known={known}
          defaults={Object.fromEntries(known.map((language) => [language.id, language.phonePrefix]))}
        />
      ),
    },
    {
      value: 'localizzazione',
      panel: <LocalizationForm campsiteId={id} localization={settings.localization} texts={localizableTexts()} />,
    },
    { value: 'traduzioni', panel: <LabelTranslationsForm campsiteId={id} rows={labels.rows} unreachable={labels.unreachable} /> },
    { value: 'tag', panel: <TagsForm campsiteId={id} personalizedTags={settings.personalizedTags} personalizedQuoteTags={settings.personalizedQuoteTags} /> },
    { value: 'mailing', panel: <MailingForm campsiteId={id} apiKey={settings.mailing.apiKey} secret={settings.mailing.secret} /> },
    { value: 'soggiorno', panel: <StayMailsForm campsiteId={id} {...stayMails} /> },
    { value: 'promemoria', panel: <FollowUpRulesForm campsiteId={id} rules={followUpRules} /> },
  ];
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {t('title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('intro')}
      </Text>
      <SettingsTabs label={t('title')} selectLabel={t('tabsSelect')} tabs={tabs.map((tab) => ({ ...tab, label: t(`tabs.${tab.value}`) }))} />
    </Stack>
  );
}
