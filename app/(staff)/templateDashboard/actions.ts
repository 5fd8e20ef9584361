'use server';

import { staffAction } from '@/lib/actions';
import { deleteTemplate, duplicateTemplate } from '@/lib/templates/service';
import { templateIdSchema } from '@/lib/templates/validation';
import { z } from '@/lib/validation';

const byId = z.object({ id: templateIdSchema });

export const duplicateTemplateAction = staffAction(byId, async ({ tenant, db }, input) => {
  const copy = await duplicateTemplate(db, tenant.campsiteId, input.id);
  return { id: copy.id, name: copy.name };
});

export const deleteTemplateAction = staffAction(byId, async ({ tenant, db }, input) => {
  await deleteTemplate(db, tenant.campsiteId, input.id);
  return { id: input.id };
});
