/**
 * `DELETE /candidates` {keys} (or {ids}): admins delete up to 100 candidates in one request, by the one per-key bulk
 * deletion of every list (crud/bulkDelete.ts), each under the rules a single deletion follows (DELETE /candidates/:id:
 * booked interviews cancelled first, references in lists forgotten). Each key is answered `deleted`, `gone` or
 * `refused` with its reason in words; a refused key is undone alone. Only ids and counts are answered, never a profile.
 */
import { z } from 'zod';
import { entity } from '../../../schema';
import { BULK_MAX, ids } from '../../../schema/validation/inputs';
import { deleteEntityKeys } from '../../crud/bulkDelete';
import { defineEndpoint } from '../../endpoints/define';
import { candidateWrites } from './candidates';

const candidate = entity('candidate');
const list = ids('candidate', BULK_MAX);

export const candidatesBulkDelete = defineEndpoint({
  method: 'delete',
  path: '/candidates',
  summary: 'Admins delete several candidates at once; keys already gone are skipped, refused ones named',
  access: { action: 'delete', subject: candidate.subject },
  input: { body: z.object({ keys: list.optional(), ids: list.optional() }) },
  handler: (call) => deleteEntityKeys(call, candidate, candidateWrites, call.body),
});
