/**
 * Know before you reveal: a company asks whether its connected ATS already has a candidate of one
 * of its projects. The email is looked up server-side through each live integration and never
 * sent back: the answer is only which ATS and since which month (a month says "you met them
 * before" without the record's exact time, which would locate the person in the ATS).
 *
 * The email leaves for an ATS only when the caller may see it: the candidate's contact as the
 * candidate gate shows it to the caller in that project (past the suggested tab, identity seen),
 * in a project of the caller's company the caller may read. Every other case (a project it cannot
 * open, a candidate it does not see or who hides from companies, a paused one, an id that names
 * nobody) gets one answer, 404, so the route tells nothing the board does not.
 */
import type { Knex } from 'knex';
import { z } from 'zod';
import type { AppAbility } from '../../../schema/ability';
import type { Actor } from '../../../schema/roles';
import { INTEGRATION_STATUS } from '../../../schema/rules/ats';
import { stageVisibleSql, viewerOf } from '../../../schema/rules/visibility';
import { id } from '../../../schema/validation/inputs';
import { AtsError, isLive } from '../../adapters/ats';
import type { AppContext } from '../../context';
import { defineEndpoint } from '../../endpoints/define';
import { notFound } from '../../errors';
import { logger } from '../../logger';
import { permissionSql } from '../../permissions/sql';
import { contactWhen, inProject, present, shownColumns, type GateRow } from '../../services/candidateGate';
import { providerOf, publicIntegration, type IntegrationRow } from './store';

/** The month a record was made, `YYYY-MM`, or null when the ATS gave no readable time. */
export function monthOf(since: string): string | null {
  const at = Date.parse(since);
  return Number.isNaN(at) ? null : new Date(at).toISOString().slice(0, 7);
}

/**
 * Whether the company's connected ATSs already hold a project's candidate, by the email the caller
 * sees in that project, and since which month; a candidate whose contact the caller does not see is
 * not found.
 */
export async function alreadyKnown(
  ctx: Pick<AppContext, 'knex' | 'config'>,
  ability: AppAbility,
  actor: Actor,
  query: { projectId: number; candidateId: number },
) {
  const { knex, config } = ctx;
  const companyId = actor.companyId;
  if (companyId === undefined) throw notFound();
  const viewer = viewerOf(actor);
  const readable = permissionSql(ability, 'read', 'Project', 'p');
  if (readable === false) throw notFound();
  const q = knex('projects as p')
    .join('project_candidates as pc', 'pc.project_id', 'p.id')
    .join('candidates as c', 'c.id', 'pc.candidate_id')
    .where({ 'p.id': query.projectId, 'p.company_id': companyId, 'pc.candidate_id': query.candidateId })
    .whereRaw(contactWhen(viewer, inProject('pc')))
    .whereRaw(stageVisibleSql(viewer, 'pc'))
    .select(shownColumns(knex, viewer, inProject('pc')))
    .first();
  if (readable) q.whereRaw(readable[0], readable[1] as Knex.RawBinding[]);
  const row = (await q) as GateRow | undefined;
  const email = row ? present(row).contact?.email : undefined;
  if (!email) throw notFound();
  const rows = (await knex('integrations').where({
    company_id: companyId,
    status: INTEGRATION_STATUS.connected,
  })) as IntegrationRow[];
  const known: { ats: string; since: string | null }[] = [];
  for (const integration of rows.filter((r) => isLive(r.kind) && r.credentials)) {
    try {
      const hit = await providerOf(knex, config, integration).findByEmail(email);
      if (hit) known.push({ ats: publicIntegration(integration).label, since: monthOf(hit.since) });
    } catch (err) {
      if (!(err instanceof AtsError)) logger.error({ err, integrationId: integration.id }, 'ATS look-up failed');
    }
  }
  return { known };
}

export const knownEndpoints = [
  defineEndpoint({
    method: 'get',
    path: '/integrations/already-known',
    summary: "Whether the company's ATS already has a project's candidate, and since which month",
    access: { action: 'read', subject: 'ProjectCandidate' },
    input: { query: z.object({ projectId: id('project'), candidateId: id('candidate') }) },
    handler: ({ ctx, ability, actor, query }) => alreadyKnown(ctx, ability, actor, query),
  }),
];
