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
 * nobody) gets one answer, 404, so the route tells nothing the board does not. A screen of cards
 * asks for many candidates at once by the same rule (knownBatch.ts).
 */
import { z } from 'zod';
import type { AppAbility } from '../../../schema/ability';
import type { Actor } from '../../../schema/roles';
import { id } from '../../../schema/validation/inputs';
import type { AppContext } from '../../context';
import { defineEndpoint } from '../../endpoints/define';
import { notFound } from '../../errors';
import { atsLookups, knownInAts } from './knownBatch';

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
  const { answers, unanswered } = await knownInAts(ctx, ability, actor, query.projectId, [query.candidateId]);
  const known = answers.get(query.candidateId);
  if (!known) throw notFound();
  const failed = unanswered.get(query.candidateId);
  return { known, ...(failed ? { unanswered: failed } : {}) };
}

export const knownEndpoints = [
  defineEndpoint({
    method: 'get',
    path: '/integrations/already-known',
    summary: "Whether the company's ATS already has a project's candidate, and since which month",
    access: { action: 'read', subject: 'ProjectCandidate' },
    input: { query: z.object({ projectId: id('project'), candidateId: id('candidate') }) },
    limits: atsLookups,
    handler: ({ ctx, ability, actor, query }) => alreadyKnown(ctx, ability, actor, query),
  }),
];
