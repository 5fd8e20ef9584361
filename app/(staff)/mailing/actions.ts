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
  async (ctx, input) => {
    const list = await createList(ctx, { input });
    return { id: list.id, name: list.name };
  },
  staff,
);

export const updateListAction = staffAction(
  z.object({ id: listIdSchema, list: listInputSchema }),
  async (ctx, input) => {
    const list = await updateList(ctx, { listId: input.id, patch: input.list });
    return { id: list.id, name: list.name };
  },
  staff,
);

export const deleteListAction = staffAction(
  z.object({ id: listIdSchema }),
  async (ctx, input) => {
    await deleteList(ctx, { listId: input.id });
    return { id: input.id };
  },
  staff,
);

export const loadMembersAction = staffAction(
  memberPageSchema,
  async (ctx, input) => listMembers(ctx, { listId: input.listId, cursor: input.cursor, limit: input.limit }),
  staff,
);

export const addContactsAction = staffAction(addByIdsSchema, async (ctx, input) => addContacts(ctx, input), staff);

export const removeMemberAction = staffAction(removeMemberSchema, async (ctx, input) => removeMember(ctx, input), staff);

export const searchContactsAction = staffAction(
  z.object({ listId: listIdSchema, search: z.string().trim().max(200) }),
  async (ctx, input) => searchContactsForList(ctx, input),
  staff,
);

export const previewFilterAction = staffAction(memberFilterSchema, async (ctx, filter) => previewFilter(ctx, { filter }), staff);

/** One chunk of the bulk add; the page calls it again with nextCursor until it is null, showing progress. */
export const addFilteredChunkAction = staffAction(
  addByFilterSchema,
  async (ctx, input) => addFilteredChunk(ctx, { listId: input.listId, filter: input.filter, cursor: input.cursor }),
  staff,
);
