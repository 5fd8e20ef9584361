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

export const saveIdentityAction = staffAction(withCampsite(identitySchema.shape), async ({ tenant, db }, { campsiteId, ...input }) => {
  await updateIdentity(db, tenant, campsiteId, input);
  return done();
});

export const saveHoursAction = staffAction(withCampsite(openingHoursSchema.shape), async ({ tenant, db }, { campsiteId, ...input }) => {
  await updateOpeningHours(db, tenant, campsiteId, input);
  return done();
});

export const saveContactsAction = staffAction(withCampsite(contactsSchema.shape), async ({ tenant, db }, { campsiteId, ...input }) => {
  await updateContacts(db, tenant, campsiteId, input);
  return done();
});

export const saveOccupancyAction = staffAction(withCampsite({ steps: occupancyScaleSchema }), async ({ tenant, db }, { campsiteId, steps }) => {
  await updateOccupancyScale(db, tenant, campsiteId, steps);
  return done();
});

export const saveFormFieldsAction = staffAction(withCampsite({ fields: contactFormFieldsSchema }), async ({ tenant, db }, { campsiteId, fields }) => {
  // Parsed already: the service parses again (normalising is idempotent).
  await updateContactFormFields(db, tenant, campsiteId, fields as never);
  return done();
});

export const saveLanguagesAction = staffAction(withCampsite({ languages: languagesSchema }), async ({ tenant, db }, { campsiteId, languages }) => {
  await setCampsiteLanguages(db, tenant, campsiteId, languages);
  return done();
});

export const saveLocalizationAction = staffAction(withCampsite({ localization: localizationSchema }), async ({ tenant, db }, { campsiteId, localization }) => {
  await updateLocalization(db, tenant, campsiteId, localization);
  return done();
});

export const saveTagsAction = staffAction(withCampsite(tagsSchema.shape), async ({ tenant, db }, { campsiteId, ...input }) => {
  await updateTags(db, tenant, campsiteId, input);
  return done();
});

export const saveMailingAction = staffAction(withCampsite(mailingSchema.shape), async ({ tenant, db }, { campsiteId, ...input }) => {
  await updateMailingKeys(db, tenant, campsiteId, input);
  return done();
});

export const saveLabelTranslationsAction = staffAction(withCampsite({ entries: labelTranslationsSchema }), async ({ tenant, db }, { campsiteId, entries }) => {
  const id = writeCampsiteScope(tenant, campsiteId);
  await saveLabelTranslations(db, { campsiteId: id, actor: tenant, entries });
  return done();
});
