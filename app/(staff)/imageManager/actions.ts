'use server';

import { staffAction } from '@/lib/actions';
import { deleteDescription, saveDescription, saveTypologyCategories } from '@/lib/images/descriptions';
import { deleteImage, listImages, patchImage } from '@/lib/images/service';
import { descriptionInputSchema, imageIdSchema, imageListQuerySchema, imagePatchSchema, languageIdSchema, typologyCategoriesInputSchema, typologyIdSchema } from '@/lib/images/validation';
import { z } from '@/lib/validation';

// The image manager is open to service accounts (pack level 0, spec section 6).
const open = { packLevel: 0 } as const;

/** One page of the campsite's pictures, for the grid and the picker. */
export const listImagesAction = staffAction(imageListQuerySchema, (tenant, query, db) => listImages(db, tenant.campsiteId, query), open);

export const patchImageAction = staffAction(
  imagePatchSchema.extend({ id: imageIdSchema }),
  (tenant, { id, ...patch }, db) => patchImage(db, tenant.campsiteId, id, patch),
  open,
);

export const deleteImageAction = staffAction(
  z.object({ id: imageIdSchema }),
  async (tenant, { id }, db) => {
    await deleteImage(db, tenant.campsiteId, id);
    return { id };
  },
  open,
);

export const saveDescriptionAction = staffAction(descriptionInputSchema, (tenant, input, db) => saveDescription(db, tenant.campsiteId, input), open);

export const deleteDescriptionAction = staffAction(
  z.object({ typologyId: typologyIdSchema, languageId: languageIdSchema }),
  async (tenant, { typologyId, languageId }, db) => {
    await deleteDescription(db, tenant.campsiteId, typologyId, languageId);
    return { typologyId, languageId };
  },
  open,
);

export const saveCategoriesAction = staffAction(typologyCategoriesInputSchema, (tenant, input, db) => saveTypologyCategories(db, tenant.campsiteId, input), open);
