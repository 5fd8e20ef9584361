'use server';

import { staffAction } from '@/lib/actions';
import { deleteTemplate, duplicateTemplate } from '@/lib/templates/service';
import { templateIdSchema } from '@/lib/templates/validation';
import { z } from '@/lib/validation';

const byId = z.object({ id: templateIdSchema });

export const duplicateTemplateAction = staffAction(byId, async (ctx, input) => {
  const copy = await duplicateTemplate(ctx, input.id);
  return { id: copy.id, name: copy.name };
});

export const deleteTemplateAction = staffAction(byId, async (ctx, input) => {
  await deleteTemplate(ctx, input.id);
  return { id: input.id };
});
