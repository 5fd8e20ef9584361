'use server';

import { staffAction } from '@/lib/actions';
import { deleteDescription, saveDescription, saveTypologyCategories } from '@/lib/images/descriptions';
import { deleteImage, listImages, patchImage } from '@/lib/images/service';
import { descriptionInputSchema, imageIdSchema, imageListQuerySchema, imagePatchSchema, languageIdSchema, typologyCategoriesInputSchema, typologyIdSchema } from '@/lib/images/validation';
import { z } from '@/lib/validation';

// The image manager is open to service accounts (pack level 0, spec section 6).
const open = { packLevel: 0 } as const;

/** One page of the campsite's pictures, for the grid and the picker. */
export const listImagesAction = staffAction(imageListQuerySchema, ({ tenant, db }, query) => listImages(db, tenant.campsiteId, query), open);

export const patchImageAction = staffAction(
  imagePatchSchema.extend({ id: imageIdSchema }),
  ({ tenant, db }, { id, ...patch }) => patchImage(db, tenant.campsiteId, id, patch),
  open,
);

export const deleteImageAction = staffAction(
  z.object({ id: imageIdSchema }),
  async ({ tenant, db }, { id }) => {
    await deleteImage(db, tenant.campsiteId, id);
    return { id };
  },
  open,
);

export const saveDescriptionAction = staffAction(descriptionInputSchema, ({ tenant, db }, input) => saveDescription(db, tenant.campsiteId, input), open);

export const deleteDescriptionAction = staffAction(
  z.object({ typologyId: typologyIdSchema, languageId: languageIdSchema }),
  async ({ tenant, db }, { typologyId, languageId }) => {
    await deleteDescription(db, tenant.campsiteId, typologyId, languageId);
    return { typologyId, languageId };
  },
  open,
);

export const saveCategoriesAction = staffAction(typologyCategoriesInputSchema, ({ tenant, db }, input) => saveTypologyCategories(db, tenant.campsiteId, input), open);
