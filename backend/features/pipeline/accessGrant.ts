/**
 * `POST /projects/candidate/access/grant` {projectId, candidateId: one id or a list}: an admin grants
 * a project's company access to candidates placed in it whose identity and contact it does not see
 * yet (anonymous or hidden), without moving them. It is the platform's decision, as curation is, so
 * only those who manage projects (admins) make it, and only where they curate (`curates`: an advocate on
 * the projects they advocate; else 403, as the curate call refuses); a company reveals a candidate only by moving them on
 * after the warning (recruitment.ts). The grant is the same reveal a move makes (the project row's
 * `revealed_at`), logged as a reveal with the fields it uncovered; a candidate the company already
 * sees is left as it is. All or nothing: a candidate not placed in the project is 404.
 */
import { z } from 'zod';
import type { AppAbility } from '../../../schema/ability';
import type { Actor } from '../../../schema/roles';
import type { AppContext } from '../../context';
import { formatId } from '../../../schema/lib/ids';
import { identityPublic, REVEALED_FIELDS } from '../../../schema/rules/visibility';
import { id, ids, specKeys } from '../../../schema/validation/inputs';
import { defineEndpoint } from '../../endpoints/define';
import { AppError } from '../../errors';
import { logRecruitmentActivity } from '../../services/activity';
import { actorName, candidateDef, loadProjectToChange } from './access';
import { candidateNotFound, placesOf, requireCurates, requireReach } from './reach';

const MAX_GRANT = 200;

const grantBody = specKeys(
  z.object({
    projectId: id('project'),
    candidateId: z.union([id('candidate').transform((n) => [n]), ids('candidate', MAX_GRANT)]),
  }),
);

/**
 * Grants the project's company the identity and contact of the candidates placed in it that it does
 * not see yet (admins who curate the project: else 403), all or nothing; the answer names those granted
 * and those already visible.
 */
export async function grantAccess(
  ctx: Pick<AppContext, 'knex'>,
  ability: AppAbility,
  actor: Actor,
  body: z.output<typeof grantBody>,
) {
  const { knex } = ctx;
  const candidateIds = [...new Set(body.candidateId)];
  const project = await loadProjectToChange(knex, ability, body.projectId);
  requireCurates(actor, project);
  // An internal project has no company to grant anything to.
  if (project.companyId === null) throw new AppError(409, 'project.candidate.access.noCompany');
  await requireReach(knex, ability, actor, project, candidateIds);
  const name = await actorName(knex, actor);
  const granted = await knex.transaction(async (trx) => {
    const placed = (await trx('project_candidates')
      .where('project_id', project.id)
      .whereIn('candidate_id', candidateIds)
      .orderBy('candidate_id')
      .forUpdate()
      .select('candidate_id', 'stage')) as { candidate_id: number; stage: number }[];
    const stageOf = new Map(placed.map((r) => [r.candidate_id, r.stage]));
    const missing = candidateIds.filter((c) => !stageOf.has(c));
    if (missing.length) throw candidateNotFound(missing);
    const places = await placesOf(trx, project.id, candidateIds);
    const toGrant = candidateIds.filter((c) => {
      const found = places.get(c)!;
      return !found.place.revealed && !identityPublic(found.candidate);
    });
    if (!toGrant.length) return [];
    const now = new Date();
    await trx('project_candidates')
      .where('project_id', project.id)
      .whereIn('candidate_id', toGrant)
      .update({ revealed_at: now, updated_at: now });
    await logRecruitmentActivity(
      trx,
      toGrant.map((c) => ({
        projectId: project.id,
        candidateId: c,
        actor,
        actorName: name,
        companyId: project.companyId,
        activity: 'revealed',
        fromStage: stageOf.get(c),
        toStage: stageOf.get(c),
        data: { fields: [...REVEALED_FIELDS], granted: true },
      })),
    );
    return toGrant;
  });
  const grantedSet = new Set(granted);
  return {
    success: true,
    granted: granted.map((c) => formatId(candidateDef, c)),
    alreadyVisible: candidateIds.filter((c) => !grantedSet.has(c)).map((c) => formatId(candidateDef, c)),
  };
}

export const accessGrantEndpoint = defineEndpoint({
  method: 'post',
  path: '/projects/candidate/access/grant',
  summary: "An admin grants a project's company access to the identity and contact of candidates placed in it",
  // The right curation asks for (actions.ts): the platform's, never a company's; `curates` narrows it to the project.
  access: { action: 'manage', subject: 'Project' },
  input: { body: grantBody },
  handler: ({ body, ability, actor, ctx }) => grantAccess(ctx, ability, actor, body),
});
