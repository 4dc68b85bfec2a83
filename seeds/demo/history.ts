/**
 * The moves that brought the demo projects' candidates to their stages, written to the pipeline's
 * activity log as the pipeline writes them: the dashboards, the recruiter dashboard and the
 * candidates' insights then count the demo's pipelines like any other. A candidate reached their
 * stage one step at a time (the next-step order), a rejected one from the stage they were rejected at.
 */
import type { Knex } from 'knex';
import { ACTIVITY, STAGE_ORDER, STAGES } from '../../schema/rules/pipeline';

export interface SeededRow {
  candidate_id: number;
  stage: number;
  rejected_from: number | null;
  last_recruitment_updated_at: Date;
}

/** The stages a candidate passed through after suggested, ending at `stage`. */
export function stepsTo(stage: number, rejectedFrom: number | null): number[] {
  const upTo = (last: number) => STAGE_ORDER.slice(1, STAGE_ORDER.indexOf(last as never) + 1);
  if (stage === STAGES.rejected) return [...upTo(rejectedFrom ?? STAGES.qualify), STAGES.rejected];
  return stage === STAGES.open ? [] : upTo(stage);
}

/** Each move of a row as the log has it: its stages spread evenly from the project's creation to the row's last move. */
export function seededMoves(createdAt: Date, row: SeededRow): { from: number; to: number; at: Date }[] {
  const steps = stepsTo(row.stage, row.rejected_from);
  const span = row.last_recruitment_updated_at.getTime() - createdAt.getTime();
  return steps.map((to, i) => ({
    from: i === 0 ? STAGES.open : steps[i - 1],
    to,
    at: new Date(createdAt.getTime() + (span * (i + 1)) / steps.length),
  }));
}

/**
 * Logs each row's moves (seededMoves) by `actor` (the project's owner, or its advocate for an internal project),
 * and rewinds the rollups' marks to before the first of them.
 */
export async function logSeededMoves(
  knex: Knex,
  project: { id: number; companyId: number | null; createdAt: Date },
  rows: SeededRow[],
  actor: { kind: 1 | 2; id: number } | null,
): Promise<void> {
  const logs = rows.flatMap((row) =>
    seededMoves(project.createdAt, row).map(({ from, to, at }) => ({
      candidate_id: row.candidate_id,
      activity: ACTIVITY.stageChanged,
      project_id: project.id,
      from_stage: from,
      to_stage: to,
      actor_kind: actor?.kind ?? null,
      actor_id: actor?.id ?? null,
      company_id: project.companyId,
      created_at: at,
      updated_at: at,
    })),
  );
  if (!logs.length) return;
  await knex('candidate_recruitment_stage_logs').insert(logs);
  await rewindRollups(
    knex,
    logs.reduce((min, l) => (l.created_at < min ? l.created_at : min), logs[0].created_at),
  );
}

/** The rollups' marks go back to before `first`, so days they already summed are summed again with what was logged. */
export async function rewindRollups(knex: Knex, first: Date): Promise<void> {
  await knex.raw(`update rollup_marks set through = least(through, (?::timestamptz at time zone 'UTC')::date - 1)`, [
    first,
  ]);
}
