/**
 * A project's plan and status calls (spec section 7), each in one transaction with its charge:
 *   POST   projects/cancel      {projectId, when: 'now' | 'cycleEnd'}
 *   POST   projects/keep-renewing {projectId}           withdraws a cancellation at the cycle's end (Power)
 *   POST   projects/upgrade     {projectId}              free → power, PLAN_CHARGES.upgrade
 *   POST   projects/guarantee   {projectId, candidateId}  PLAN_CHARGES.guarantee, once per candidate
 *   PUT    projects             {keys, status}            bulk status (console alias PUT projects/status {ids}): keys gone
 *                                                         (deleted meanwhile, or out of reach) skipped and named, the
 *                                                         others changed by the plan rules all or none (a refusal of
 *                                                         one changes none), answered as crud/bulkAnswer.ts
 *   DELETE projects             {keys}                    bulk delete per key (crud/bulkDelete.ts): deleted, gone
 *                                                         (already deleted, or out of reach) or refused with its
 *                                                         reason; each by the single delete's rules (projectWrites:
 *                                                         booked interviews ended, stored files go once it commits)
 * A deleted project's ATS job link goes in its delete, by any path (a trigger on projects, migration
 * remove_links_of_deleted_projects), so the job can be linked to another project.
 */
import type { Knex } from 'knex';
import { z } from 'zod';
import { BULK_MAX, id, oneOf, specKeys } from '../../../schema/validation/inputs';
import { ACTIVITY, PROJECT_STATUS } from '../../../schema/rules/pipeline';
import { deletePerKey, deleteRow } from '../../crud/bulkDelete';
import { formatId } from '../../crud/ids';
import { defineEndpoint, type Call } from '../../endpoints/define';
import { AppError, badRequest } from '../../errors';
import type { StatusAnswer } from '../../crud/bulkAnswer';
import { projectAnswer } from './endpoints';
import { projectRef } from './inputs';
import { cancelProject, changeStatus, guaranteeCandidate, keepRenewing, lockProjects, upgradeProject } from './plans';
import { projectEntity, projectWrites } from './projectWrites';
import { projectFor, type ProjectRef } from './read';
import { loadProject, requireReach } from '../pipeline';
import { actorRefs } from '../../../schema/roles';
import type { AppAbility } from '../../../schema/ability';

const withProject = <T extends z.ZodRawShape>(shape: T) => specKeys(z.object({ projectId: projectRef, ...shape }));

const keys = z.array(projectRef).min(1).max(BULK_MAX);
/** A key as answered: 'Project:12' for an id, the guid as sent. */
const keyOf = (ref: ProjectRef) => String(typeof ref === 'number' ? formatId(projectEntity, ref) : ref);
const bulkBody = z
  .object({ keys: keys.optional(), ids: keys.optional(), status: oneOf(Object.values(PROJECT_STATUS)).optional() })
  .transform((b, ctx) => {
    const list = b.keys ?? b.ids;
    if (!list) {
      ctx.addIssue({ code: 'custom', path: ['keys'], message: 'required' });
      return z.NEVER;
    }
    return { keys: [...new Set(list)], status: b.status };
  });

/** The projects of `refs` the caller may change, and the keys of those gone (not found, as a single call's 404). */
async function reachable(trx: Knex.Transaction, ability: AppAbility, refs: ProjectRef[]) {
  const ids: number[] = [];
  const gone: string[] = [];
  for (const ref of refs) {
    const row = await projectFor(trx, ability, ref, 'update').catch((err: unknown) => {
      if (err instanceof AppError && err.status === 404) return undefined;
      throw err;
    });
    if (row) ids.push(row.id);
    else gone.push(keyOf(ref));
  }
  return { ids: [...new Set(ids)], gone };
}

async function bulkStatus(call: Call<undefined, undefined, typeof bulkBody>): Promise<StatusAnswer> {
  const { keys: refs, status } = call.body;
  if (status === undefined) throw badRequest({ status: 'status.errors.required' });
  return call.ctx.knex.transaction(async (trx) => {
    const { ids, gone } = await reachable(trx, call.ability, refs);
    // All of them locked up front, in id order: two bulks over the same projects queue instead of deadlocking.
    await lockProjects(trx, ids);
    let updated = 0;
    for (const id of ids) if (await changeStatus(trx, id, status, call.actor, call.ctx.config)) updated += 1;
    return { success: true, updated, unchanged: ids.length - updated, gone };
  });
}

const bulkStatusEndpoint = (path: string) =>
  defineEndpoint({
    method: 'put',
    path,
    summary: 'Changes the status of several projects by the plan rules, skipping those gone',
    access: { action: 'update', subject: 'Project' },
    input: { body: bulkBody },
    handler: bulkStatus,
  });

export const projectLifecycleEndpoints = [
  defineEndpoint({
    method: 'post',
    path: '/projects/cancel',
    summary: 'Cancels a project: now, or a Power project at the end of its cycle',
    access: { action: 'update', subject: 'Project' },
    input: {
      body: specKeys(z.strictObject({ projectId: projectRef, when: z.enum(['now', 'cycleEnd']).default('now') })),
    },
    handler: async (call) => {
      const row = await projectFor(call.ctx.knex, call.ability, call.body.projectId, 'update');
      await call.ctx.knex.transaction((trx) => cancelProject(trx, row.id, call.body.when, call.actor, call.ctx.config));
      return { success: true, data: await projectAnswer(call, row.id) };
    },
  }),
  defineEndpoint({
    method: 'post',
    path: '/projects/keep-renewing',
    summary: "Withdraws a Power project's cancellation at the end of its cycle: it renews as before",
    access: { action: 'update', subject: 'Project' },
    input: { body: specKeys(z.strictObject({ projectId: projectRef })) },
    handler: async (call) => {
      const row = await projectFor(call.ctx.knex, call.ability, call.body.projectId, 'update');
      await call.ctx.knex.transaction((trx) => keepRenewing(trx, row.id));
      return { success: true, data: await projectAnswer(call, row.id) };
    },
  }),
  defineEndpoint({
    method: 'post',
    path: '/projects/upgrade',
    summary: 'Upgrades a free project to Power',
    access: { action: 'update', subject: 'Project' },
    input: { body: withProject({}) },
    handler: async (call) => {
      const row = await projectFor(call.ctx.knex, call.ability, call.body.projectId, 'update');
      await call.ctx.knex.transaction((trx) => upgradeProject(trx, row.id, call.actor));
      return { success: true, data: await projectAnswer(call, row.id) };
    },
  }),
  defineEndpoint({
    method: 'post',
    path: '/projects/guarantee',
    summary: 'Guarantees a candidate of the project (replacement within 30 days, 2 reference checks)',
    access: { action: 'update', subject: 'Project' },
    input: { body: withProject({ candidateId: id('candidate') }) },
    handler: async (call) => {
      const row = await projectFor(call.ctx.knex, call.ability, call.body.projectId, 'update');
      // Only a candidate the caller's board shows (as every pipeline write): any other is not found, closed project or not.
      const pipelineProject = await loadProject(call.ctx.knex, call.ability, { id: row.id });
      await requireReach(call.ctx.knex, call.ability, call.actor, pipelineProject, [call.body.candidateId]);
      await call.ctx.knex.transaction(async (trx) => {
        await guaranteeCandidate(trx, row.id, call.body.candidateId, call.actor);
        await trx('candidate_recruitment_stage_logs').insert({
          candidate_id: call.body.candidateId,
          activity: ACTIVITY.guaranteed,
          project_id: row.id,
          actor_kind: actorRefs(call.actor).kind,
          actor_id: call.actor.id,
          company_id: row.companyId,
        });
      });
      return { success: true, candidateId: `Candidate:${call.body.candidateId}` };
    },
  }),
  bulkStatusEndpoint('/projects'),
  bulkStatusEndpoint('/projects/status'),
  defineEndpoint({
    method: 'delete',
    path: '/projects',
    summary: 'Deletes several projects, each key answered deleted, gone or refused',
    access: { action: 'delete', subject: 'Project' },
    input: { body: z.object({ keys: keys.optional(), ids: keys.optional() }) },
    handler: async (call) => {
      const refs = call.body.keys ?? call.body.ids;
      if (!refs) throw badRequest({ keys: 'keys.errors.required' });
      return deletePerKey(call.ctx.knex, [...new Set(refs)], keyOf, async (point, ref) => {
        const row = await projectFor(point, call.ability, ref, 'delete');
        return deleteRow(call, projectEntity, projectWrites, point, row.id as number);
      });
    },
  }),
];
