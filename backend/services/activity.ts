/**
 * The activity logs every capability writes as things happen: recruitment events (shortlists, moves,
 * interview requests, reveals, notes, sharing) in `candidate_recruitment_stage_logs`, and who searched
 * or viewed a candidate (`actorColumns`, `LOG_KIND`) in `candidate_search_or_view_logs`. Profile
 * insights (backend/features/talent) and the dashboards read them.
 */
import type { Knex } from 'knex';
import { ACTIVITY } from '../../schema/rules/pipeline';
import { actorRefs, type Actor } from '../../schema/roles';

export const LOG_KIND = { searchAppearance: 1, profileView: 2 } as const;
export { ACTIVITY };
/** The shortlist stage id (spec section 4). */
export const SHORTLIST_STAGE = 2;

/** Who searched or viewed, as the log rows record it. */
export function actorColumns(actor: Actor) {
  return { actor_kind: actorRefs(actor).kind, actor_id: actor.id, company_id: actor.companyId ?? null };
}

export interface RecruitmentEvent {
  /** Empty for events about a whole project (sharing). */
  candidateId?: number | null;
  activity: keyof typeof ACTIVITY;
  projectId?: number;
  fromStage?: number | null;
  toStage?: number | null;
  actor?: Actor;
  /** The actor's name as shown in the log, kept when the person is later renamed or removed. */
  actorName?: string | null;
  /** The project's company when it is not the actor's (admins acting on a company's project). */
  companyId?: number | null;
  /** What the event carried: reject reason, schedule details, the note's key, the user shared with. */
  data?: Record<string, unknown> | null;
}

/**
 * Records a pipeline event for the insights; called by the pipeline inside its own transaction. Each row is stamped
 * with the time it is written (clock_timestamp(), not the transaction's start): a move writes its history after
 * locking the card, so two moves of one card are stamped in the order they happened, as the dashboards pair them.
 */
export async function logRecruitmentActivity(
  trx: Knex | Knex.Transaction,
  event: RecruitmentEvent | RecruitmentEvent[],
): Promise<void> {
  const events = Array.isArray(event) ? event : [event];
  if (!events.length) return;
  await trx('candidate_recruitment_stage_logs').insert(
    events.map((e) => ({
      candidate_id: e.candidateId ?? null,
      activity: ACTIVITY[e.activity],
      project_id: e.projectId ?? null,
      from_stage: e.fromStage ?? null,
      to_stage: e.toStage ?? null,
      ...(e.actor ? actorColumns(e.actor) : {}),
      ...(e.companyId !== undefined ? { company_id: e.companyId } : {}),
      actor_name: e.actorName ?? null,
      data: e.data === undefined || e.data === null ? null : JSON.stringify(e.data),
      created_at: trx.raw('clock_timestamp()'),
    })),
  );
}

/** The caller's name as logs, notes and requests keep it (an admin or a company user; null for anyone else). */
export async function actorName(knex: Knex | Knex.Transaction, actor: Actor): Promise<string | null> {
  const { table } = actorRefs(actor);
  if ((table !== 'admins' && table !== 'company_users') || !actor.id) return null;
  const row = await knex(table).where('id', actor.id).first('first_name', 'last_name');
  return row ? `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim() || null : null;
}
