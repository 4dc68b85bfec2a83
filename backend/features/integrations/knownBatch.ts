/**
 * Know before you reveal, for a screen of cards: one request names up to 200 candidates of one
 * project and answers, for each whose contact the caller sees there (the candidate gate's rule, as
 * known.ts applies it to one), which of the company's connected ATSs already hold them and since
 * which month. A candidate the caller may not see the contact of, one outside the project and an
 * id that names nobody are all simply absent from the answer, so the list tells nothing the board
 * does not. The answer says how long it stays true: until the next scheduled sync, or a few minutes when an ATS did
 * not answer (a vendor down is no "not in your ATS"; each such candidate names it under `unanswered`). One person asks
 * ATS_LOOKUPS_PER_WINDOW of these a window: each call reaches the company's ATSs with its credentials.
 */
import type { Knex } from 'knex';
import { z } from 'zod';
import type { AppAbility } from '../../../schema/ability';
import { entity } from '../../../schema';
import { formatId } from '../../../schema/lib/ids';
import { actorKey, type Actor } from '../../../schema/roles';
import { INTEGRATION_STATUS, SYNC_INTERVAL_HOURS } from '../../../schema/rules/ats';
import { consentWithdrawnSql } from '../../../schema/rules/consents';
import { stageVisibleSql, viewerOf } from '../../../schema/rules/visibility';
import { id, ids } from '../../../schema/validation/inputs';
import { AtsError, isLive } from '../../adapters/ats';
import type { Limit } from '../../auth/rateLimit';
import type { AppContext } from '../../context';
import { defineEndpoint } from '../../endpoints/define';
import { logger } from '../../logger';
import { permissionSql } from '../../permissions/sql';
import { contactWhen, inProject, present, shownColumns, type GateRow } from '../../services/candidateGate';
import { eachLimited } from '../../services/concurrency';
import { providerOf, publicIntegration, type IntegrationRow } from './store';

/** At most this many candidates per request: a board's columns of cards. */
export const KNOWN_BATCH_MAX = 200;
/**
 * Vendor look-ups in flight at once per integration, well under the vendors' rate limits: one for Workable,
 * whose account tokens get 10 calls per 10 seconds (the HTTP layer paces on its X-Rate-Limit-* headers,
 * adapters/ats/http.ts), four for the others.
 */
const PARALLEL: Record<string, number> = { workable: 1 };
const PARALLEL_DEFAULT = 4;
/** How long an answer with an ATS that did not answer holds before the screen asks again. */
const RETRY_SECONDS = 300;

/** The month a record was made, `YYYY-MM`, or null when the ATS gave no readable time. */
export function monthOf(since: string): string | null {
  const at = Date.parse(since);
  return Number.isNaN(at) ? null : new Date(at).toISOString().slice(0, 7);
}

export type Known = { ats: string; since: string | null }[];

/** The emails the caller sees of the named candidates of a project it reads, by candidate id. */
async function visibleEmails(
  knex: Knex,
  ability: AppAbility,
  actor: Actor,
  companyId: number,
  projectId: number,
  candidateIds: number[],
): Promise<Map<number, string>> {
  const viewer = viewerOf(actor);
  const readable = permissionSql(ability, 'read', 'Project', 'p');
  if (readable === false) return new Map();
  const q = knex('projects as p')
    .join('project_candidates as pc', 'pc.project_id', 'p.id')
    .join('candidates as c', 'c.id', 'pc.candidate_id')
    .where({ 'p.id': projectId, 'p.company_id': companyId })
    .whereIn('pc.candidate_id', candidateIds)
    .whereRaw(contactWhen(viewer, inProject('pc')))
    .whereRaw(stageVisibleSql(viewer, 'pc'))
    // A candidate who withdrew consent to be sent to ATSs is not sent as a search either (their email is the query).
    .whereRaw(`not ${consentWithdrawnSql('sentToAts', 'c')}`)
    .select(shownColumns(knex, viewer, inProject('pc')));
  if (readable) q.whereRaw(readable[0], readable[1] as Knex.RawBinding[]);
  const emails = new Map<number, string>();
  for (const row of (await q) as GateRow[]) {
    const email = present(row).contact?.email;
    if (email) emails.set(row.gate_id as number, email);
  }
  return emails;
}

/**
 * For each named candidate of the project whose contact the caller sees, the company's connected
 * ATSs that already hold them (by that email) and since which month; the others are absent. An
 * ATS that fails to answer is named in `unanswered` for the candidate, never counted as not holding them.
 */
export async function knownInAts(
  ctx: Pick<AppContext, 'knex' | 'config'>,
  ability: AppAbility,
  actor: Actor,
  projectId: number,
  candidateIds: number[],
): Promise<{ answers: Map<number, Known>; unanswered: Map<number, string[]> }> {
  const { knex, config } = ctx;
  const unanswered = new Map<number, string[]>();
  if (actor.companyId === undefined) return { answers: new Map(), unanswered };
  const emails = await visibleEmails(knex, ability, actor, actor.companyId, projectId, candidateIds);
  const answers = new Map([...emails.keys()].map((candidateId): [number, Known] => [candidateId, []]));
  if (!emails.size) return { answers, unanswered };
  const integrations = (
    (await knex('integrations').where({
      company_id: actor.companyId,
      status: INTEGRATION_STATUS.connected,
    })) as IntegrationRow[]
  ).filter((r) => isLive(r.kind) && r.credentials);
  for (const integration of integrations) {
    const provider = providerOf(knex, config, integration);
    const ats = publicIntegration(integration).label;
    await eachLimited([...emails], PARALLEL[integration.kind] ?? PARALLEL_DEFAULT, async ([candidateId, email]) => {
      try {
        const hit = await provider.findByEmail(email);
        if (hit) answers.get(candidateId)!.push({ ats, since: monthOf(hit.since) });
      } catch (err) {
        if (!(err instanceof AtsError)) logger.error({ err, integrationId: integration.id }, 'ATS look-up failed');
        unanswered.set(candidateId, [...(unanswered.get(candidateId) ?? []), ats]);
      }
    });
  }
  return { answers, unanswered };
}

const candidateDef = entity('candidate');

/**
 * The look-ups one person may ask a window (ATS_LOOKUPS_PER_WINDOW), one or a screen of cards alike: each asks every
 * connected ATS once per card, with the company's credentials, so the vendors' limits are the company's.
 */
export const atsLookups = ({ actor, ctx }: { actor: Actor; ctx: Pick<AppContext, 'config'> }): Limit[] => [
  { key: `ats-lookups:${actorKey(actor)}`, max: ctx.config.ats.lookupsPerWindow },
];

export const knownBatchEndpoints = [
  defineEndpoint({
    method: 'post',
    path: '/integrations/already-known/batch',
    summary:
      "Which of a project's candidates the company's ATS already has, and since which month, for a screen of cards",
    access: { action: 'read', subject: 'ProjectCandidate' },
    input: { body: z.object({ projectId: id('project'), candidateIds: ids('candidate', KNOWN_BATCH_MAX) }) },
    limits: atsLookups,
    handler: async ({ ctx, ability, actor, body }) => {
      const { answers, unanswered } = await knownInAts(ctx, ability, actor, body.projectId, body.candidateIds);
      return {
        candidates: [...answers].map(([candidateId, known]) => ({
          candidateId: formatId(candidateDef, candidateId),
          known,
          ...(unanswered.get(candidateId)?.length ? { unanswered: unanswered.get(candidateId) } : {}),
        })),
        // An ATS that did not answer is asked again soon; a full answer holds until the next scheduled sync.
        freshForSeconds: unanswered.size ? RETRY_SECONDS : SYNC_INTERVAL_HOURS * 3600,
      };
    },
  }),
];
