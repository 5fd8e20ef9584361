'use server';

import { staffAction } from '@/lib/actions';
import { deleteDescription, saveDescription, saveTypologyCategories } from '@/lib/images/descriptions';
import { deleteImage, listImages, patchImage } from '@/lib/images/service';
import { descriptionInputSchema, imageIdSchema, imageListQuerySchema, imagePatchSchema, languageIdSchema, typologyCategoriesInputSchema, typologyIdSchema } from '@/lib/images/validation';
import { z } from '@/lib/validation';

// The image manager is open to service accounts (pack level 0, spec section 6).
const open = { packLevel: 0 } as const;

/** One page of the campsite's pictures, for the grid and the picker. */
export const listImagesAction = staffAction(imageListQuerySchema, (ctx, query) => listImages(ctx, query), open);

export const patchImageAction = staffAction(
  imagePatchSchema.extend({ id: imageIdSchema }),
  (ctx, { id, ...patch }) => patchImage(ctx, id, patch),
  open,
);

export const deleteImageAction = staffAction(
  z.object({ id: imageIdSchema }),
  async (ctx, { id }) => {
    await deleteImage(ctx, id);
    return { id };
  },
  open,
);

export const saveDescriptionAction = staffAction(descriptionInputSchema, (ctx, input) => saveDescription(ctx, input), open);

export const deleteDescriptionAction = staffAction(
  z.object({ typologyId: typologyIdSchema, languageId: languageIdSchema }),
  async (ctx, { typologyId, languageId }) => {
    await deleteDescription(ctx, typologyId, languageId);
    return { typologyId, languageId };
  },
  open,
);

export const saveCategoriesAction = staffAction(typologyCategoriesInputSchema, (ctx, input) => saveTypologyCategories(ctx, input), open);
