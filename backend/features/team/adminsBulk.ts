/**
 * `DELETE /admins` {keys} (or {ids}): General admins delete several admins at once by the one per-key bulk deletion of
 * every list (crud/bulkDelete.ts), each under the rules a single deletion follows (admins.ts): nobody deletes themself,
 * and one active General admin always remains, judged after each key, so the key that would leave none is the one
 * refused. Each key is answered deleted, gone (already deleted) or refused with its reason; only keys are answered.
 */
import { z } from 'zod';
import { admin } from '../../../schema/entities/admin';
import { BULK_MAX, ids } from '../../../schema/validation/inputs';
import { deleteEntityKeys } from '../../crud/bulkDelete';
import { defineEndpoint } from '../../endpoints/define';
import { adminWrites } from './admins';

const list = ids('admin', BULK_MAX);

export const adminsBulkDelete = defineEndpoint({
  method: 'delete',
  path: '/admins',
  summary:
    'Deletes several admins at once, each key answered deleted, gone or refused, keeping one active General admin',
  access: { action: 'delete', subject: admin.subject },
  input: { body: z.object({ keys: list.optional(), ids: list.optional() }) },
  handler: (call) => deleteEntityKeys(call, admin, adminWrites, call.body),
});
