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

export const saveIdentityAction = staffAction(withCampsite(identitySchema.shape), async (ctx, { campsiteId, ...input }) => {
  await updateIdentity(ctx, campsiteId, input);
  return done();
});

export const saveHoursAction = staffAction(withCampsite(openingHoursSchema.shape), async (ctx, { campsiteId, ...input }) => {
  await updateOpeningHours(ctx, campsiteId, input);
  return done();
});

export const saveContactsAction = staffAction(withCampsite(contactsSchema.shape), async (ctx, { campsiteId, ...input }) => {
  await updateContacts(ctx, campsiteId, input);
  return done();
});

export const saveOccupancyAction = staffAction(withCampsite({ steps: occupancyScaleSchema }), async (ctx, { campsiteId, steps }) => {
  await updateOccupancyScale(ctx, campsiteId, steps);
  return done();
});

export const saveFormFieldsAction = staffAction(withCampsite({ fields: contactFormFieldsSchema }), async (ctx, { campsiteId, fields }) => {
  // Parsed already: the service parses again (normalising is idempotent).
  await updateContactFormFields(ctx, campsiteId, fields as never);
  return done();
});

export const saveLanguagesAction = staffAction(withCampsite({ languages: languagesSchema }), async (ctx, { campsiteId, languages }) => {
  await setCampsiteLanguages(ctx, campsiteId, languages);
  return done();
});

export const saveLocalizationAction = staffAction(withCampsite({ localization: localizationSchema }), async (ctx, { campsiteId, localization }) => {
  await updateLocalization(ctx, campsiteId, localization);
  return done();
});

export const saveTagsAction = staffAction(withCampsite(tagsSchema.shape), async (ctx, { campsiteId, ...input }) => {
  await updateTags(ctx, campsiteId, input);
  return done();
});

export const saveMailingAction = staffAction(withCampsite(mailingSchema.shape), async (ctx, { campsiteId, ...input }) => {
  await updateMailingKeys(ctx, campsiteId, input);
  return done();
});

export const saveLabelTranslationsAction = staffAction(withCampsite({ entries: labelTranslationsSchema }), async (ctx, { campsiteId, entries }) => {
  const id = writeCampsiteScope(ctx.tenant, campsiteId);
  await saveLabelTranslations(ctx, { campsiteId: id, entries });
  return done();
});
