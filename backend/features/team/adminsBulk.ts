/**
 * `DELETE /admins` {keys} (or {ids}): General admins delete several admins at once, all or none, under the rules a
 * single deletion follows (admins.ts): nobody deletes themself, and one active General admin always remains, judged
 * once the whole request is in. Each admin is read through the caller's delete rule first (out of reach is 404); the
 * answer is the deleted records as the console read them.
 */
import { subject as asSubject } from '@casl/ability';
import { z } from 'zod';
import { admin } from '../../../schema/entities/admin';
import { BULK_MAX, ids } from '../../../schema/validation/inputs';
import { forgetInLists } from '../../crud/refs';
import { findRow, readOne } from '../../crud/router';
import { writeContextOf } from '../../crud/writes';
import { modelFor } from '../../db/models';
import { defineEndpoint } from '../../endpoints/define';
import { badRequest, forbidden, notFound } from '../../errors';
import { adminWrites } from './admins';

const list = ids('admin', BULK_MAX);

export const adminsBulkDelete = defineEndpoint({
  method: 'delete',
  path: '/admins',
  summary: 'Deletes several admins at once, all or none, keeping one active General admin',
  access: { action: 'delete', subject: admin.subject },
  input: { body: z.object({ keys: list.optional(), ids: list.optional() }) },
  handler: async (call) => {
    const { body, ability, ctx, req } = call;
    const wanted = [...new Set(body.keys ?? body.ids ?? [])];
    if (!wanted.length) throw badRequest({ keys: 'keys.errors.required' });
    return ctx.knex.transaction(async (trx) => {
      const context = writeContextOf(call, trx, admin);
      const deleted = [];
      for (const id of wanted) {
        const existing = await findRow(trx, admin, req, id, 'delete');
        if (!existing) throw notFound();
        if (!ability.can('delete', asSubject(admin.subject, { ...existing }))) throw forbidden();
        await adminWrites.beforeDelete?.({ ...context, existing });
        deleted.push(await readOne(trx, admin, ability, existing));
        await forgetInLists(trx, admin, id);
        await modelFor(admin).query(trx).deleteById(id);
      }
      await adminWrites.settle?.(context);
      return { success: true, deleted };
    });
  },
});
