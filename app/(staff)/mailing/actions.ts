'use server';

import { staffAction } from '@/lib/actions';
import { addFilteredChunk, previewFilter } from '@/lib/lists/bulk';
import { addContacts, listMembers, removeMember, searchContactsForList } from '@/lib/lists/members';
import { createList, deleteList, updateList } from '@/lib/lists/service';
import {
  addByFilterSchema,
  addByIdsSchema,
  listIdSchema,
  listInputSchema,
  memberFilterSchema,
  memberPageSchema,
  removeMemberSchema,
} from '@/lib/lists/validation';
import { z } from '@/lib/validation';

/** The list pages' server actions: the tenant from the session, the same schemas as the legacy API. */
const staff = { packLevel: 10 } as const;

export const createListAction = staffAction(
  listInputSchema,
  async (tenant, input, db) => {
    const list = await createList(db, { campsiteId: tenant.campsiteId, input });
    return { id: list.id, name: list.name };
  },
  staff,
);

export const updateListAction = staffAction(
  z.object({ id: listIdSchema, list: listInputSchema }),
  async (tenant, input, db) => {
    const list = await updateList(db, { campsiteId: tenant.campsiteId, listId: input.id, patch: input.list });
    return { id: list.id, name: list.name };
  },
  staff,
);

export const deleteListAction = staffAction(
  z.object({ id: listIdSchema }),
  async (tenant, input, db) => {
    await deleteList(db, { campsiteId: tenant.campsiteId, listId: input.id });
    return { id: input.id };
  },
  staff,
);

export const loadMembersAction = staffAction(
  memberPageSchema,
  async (tenant, input, db) => listMembers(db, { campsiteId: tenant.campsiteId, listId: input.listId, cursor: input.cursor, limit: input.limit }),
  staff,
);

export const addContactsAction = staffAction(addByIdsSchema, async (tenant, input, db) => addContacts(db, { campsiteId: tenant.campsiteId, ...input }), staff);

export const removeMemberAction = staffAction(removeMemberSchema, async (tenant, input, db) => removeMember(db, { campsiteId: tenant.campsiteId, ...input }), staff);

export const searchContactsAction = staffAction(
  z.object({ listId: listIdSchema, search: z.string().trim().max(200) }),
  async (tenant, input, db) => searchContactsForList(db, { campsiteId: tenant.campsiteId, ...input }),
  staff,
);

export const previewFilterAction = staffAction(memberFilterSchema, async (tenant, filter, db) => previewFilter(db, { campsiteId: tenant.campsiteId, filter }), staff);

/** One chunk of the bulk add; the page calls it again with nextCursor until it is null, showing progress. */
export const addFilteredChunkAction = staffAction(
  addByFilterSchema,
  async (tenant, input, db) => addFilteredChunk(db, { campsiteId: tenant.campsiteId, listId: input.listId, filter: input.filter, cursor: input.cursor }),
  staff,
);
