/** zod inputs of the projects calls: project references (prefixed, plain or guid) and filters. */
import { z } from 'zod';
import type { AppAbility } from '../../../schema/ability';
import type { Actor } from '../../../schema/roles';
import { writeContextOf, type WriteContext } from '../../crud/writes';
import type { AppContext } from '../../context';
import type { Knex } from 'knex';
import { searchErrorsOf } from './savedFilters';
import { projectRef } from './read';
import { projectEntity } from './projectWrites';

export { projectRef };

/**
 * Optional text sent as JSON or multipart: empty is absent. Filters the search would refuse (too
 * many names, an unknown currency) are refused here, with the search's message: `filters` names the key.
 */
export const filtersText = z
  .union([z.string().max(4000), z.null()])
  .optional()
  .transform((s) => (typeof s === 'string' ? s.trim().replace(/^\?/, '') : s))
  .superRefine((s, ctx) => {
    const [message] = s ? Object.values(searchErrorsOf(s)) : [];
    if (message) ctx.addIssue({ code: 'custom', message });
  });

/** The write context of an endpoint call, for the projects' write rules. */
export function projectWriteContext(
  call: { actor: Actor; ability: AppAbility; ctx: AppContext; req: { sessionId?: number } },
  trx: Knex.Transaction,
): WriteContext {
  return writeContextOf(call, trx, projectEntity);
}
