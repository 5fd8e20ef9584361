'use server';

import { staffAction } from '@/lib/actions';
import { setCampsiteLanguages } from '@/lib/campsites/languages';
import { updateIdentity } from '@/lib/campsites/record';
import {
  updateContactFormFields,
  updateContacts,
  updateLocalization,
  updateMailingKeys,
  updateOccupancyScale,
  updateOpeningHours,
  updateTags,
} from '@/lib/campsites/settings';
import {
  campsiteIdSchema,
  contactFormFieldsSchema,
  contactsSchema,
  identitySchema,
  languagesSchema,
  localizationSchema,
  mailingSchema,
  occupancyScaleSchema,
  openingHoursSchema,
  tagsSchema,
} from '@/lib/campsites/settings-validation';
import { writeCampsiteScope } from '@/lib/campsites/settings-scope';
import { saveLabelTranslations } from '@/lib/label-translations/service';
import { labelTranslationsSchema } from '@/lib/label-translations/validation';
import { z } from '@/lib/validation';

/**
 * One action per settings tab. The same schemas as the services and the legacy API; the services
 * check the role and the campsite again (an admin naming another campsite gets 404).
 */
const withCampsite = <S extends z.ZodRawShape>(shape: S) => z.object({ campsiteId: campsiteIdSchema, ...shape });
const done = () => ({ saved: true as const });

export const saveIdentityAction = staffAction(withCampsite(identitySchema.shape), async (tenant, { campsiteId, ...input }, db) => {
  await updateIdentity(db, tenant, campsiteId, input);
  return done();
});

export const saveHoursAction = staffAction(withCampsite(openingHoursSchema.shape), async (tenant, { campsiteId, ...input }, db) => {
  await updateOpeningHours(db, tenant, campsiteId, input);
  return done();
});

export const saveContactsAction = staffAction(withCampsite(contactsSchema.shape), async (tenant, { campsiteId, ...input }, db) => {
  await updateContacts(db, tenant, campsiteId, input);
  return done();
});

export const saveOccupancyAction = staffAction(withCampsite({ steps: occupancyScaleSchema }), async (tenant, { campsiteId, steps }, db) => {
  await updateOccupancyScale(db, tenant, campsiteId, steps);
  return done();
});

export const saveFormFieldsAction = staffAction(withCampsite({ fields: contactFormFieldsSchema }), async (tenant, { campsiteId, fields }, db) => {
  // Parsed already: the service parses again (normalising is idempotent).
  await updateContactFormFields(db, tenant, campsiteId, fields as never);
  return done();
});

export const saveLanguagesAction = staffAction(withCampsite({ languages: languagesSchema }), async (tenant, { campsiteId, languages }, db) => {
  await setCampsiteLanguages(db, tenant, campsiteId, languages);
  return done();
});

export const saveLocalizationAction = staffAction(withCampsite({ localization: localizationSchema }), async (tenant, { campsiteId, localization }, db) => {
  await updateLocalization(db, tenant, campsiteId, localization);
  return done();
});

export const saveTagsAction = staffAction(withCampsite(tagsSchema.shape), async (tenant, { campsiteId, ...input }, db) => {
  await updateTags(db, tenant, campsiteId, input);
  return done();
});

export const saveMailingAction = staffAction(withCampsite(mailingSchema.shape), async (tenant, { campsiteId, ...input }, db) => {
  await updateMailingKeys(db, tenant, campsiteId, input);
  return done();
});

export const saveLabelTranslationsAction = staffAction(withCampsite({ entries: labelTranslationsSchema }), async (tenant, { campsiteId, entries }, db) => {
  const id = writeCampsiteScope(tenant, campsiteId);
  await saveLabelTranslations(db, { campsiteId: id, actor: tenant, entries });
  return done();
});
