/** zod inputs of the projects calls: project references (prefixed, plain or guid) and the snake_case keys the spec also uses. */
import { z } from 'zod';
import type { AppAbility } from '../../../schema/ability';
import type { Actor } from '../../../schema/roles';
import { writeContextOf, type WriteContext } from '../../crud/writes';
import type { AppContext } from '../../context';
import type { Knex } from 'knex';
import { projectRef } from './read';
import { projectEntity } from './projectWrites';

const SNAKE: Record<string, string> = {
  project_id: 'projectId',
  candidate_id: 'candidateId',
  user_id: 'userId',
  access_type: 'accessType',
  company_id: 'companyId',
};

/** Accepts project_id, candidate_id, ... beside their camelCase names (the camelCase one wins). */
export function snakeToo<S extends z.ZodType>(schema: S) {
  return z.preprocess((raw) => {
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return raw;
    const out: Record<string, unknown> = { ...(raw as Record<string, unknown>) };
    for (const [snake, camel] of Object.entries(SNAKE)) {
      if (snake in out) {
        if (out[camel] === undefined) out[camel] = out[snake];
        delete out[snake];
      }
    }
    return out;
  }, schema);
}

export { projectRef };

/** Optional text sent as JSON or multipart: empty is absent. */
export const filtersText = z
  .union([z.string().max(4000), z.null()])
  .optional()
  .transform((s) => (typeof s === 'string' ? s.trim().replace(/^\?/, '') : s));

/** The write context of an endpoint call, for the projects' write rules. */
export function projectWriteContext(
  call: { actor: Actor; ability: AppAbility; ctx: AppContext; req: { sessionId?: number } },
  trx: Knex.Transaction,
): WriteContext {
  return writeContextOf(call, trx, projectEntity);
}
