/**
 * The interviews of the demo's pipelines. A move into an interview stage writes its schedule on the candidate's
 * project row (backend/features/pipeline/recruitment.ts writeMove: schedule_data, and interview_scheduled_at at that
 * move), checked by the one schedule rule (schema/validation/schedule.ts) as of the move. An interview request is
 * written as backend/features/interviews/send.ts writes it (its proposed times, the project's description, the
 * sender, the project row's interview_requested_at, the interviewRequested activity) and answered as answer.ts
 * answers it: accepted with its first proposed time chosen, declined with a reason, or still waiting. Nothing is
 * queued or mailed, and no link exists: the token whose hash a request keeps was never written down.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import {
  ACTIVITY,
  INTERVIEW_TYPE,
  REQUEST_CHANNEL,
  REQUEST_KIND,
  REQUEST_LIFETIME_DAYS,
  REQUEST_STATE,
  STAGES,
} from '../../schema/rules/pipeline';
import { requestBody } from '../../schema/rules/requestMessage';
import { zoneOffsetMinutes } from '../../schema/rules/timeZones';
import { scheduleSchema, type Schedule } from '../../schema/validation/schedule';
import { rewindRollups, seededMoves, type SeededRow } from './history';

const HOUR = 3600_000;
const ZONE = 'Asia/Singapore';
const INTERVIEW_STAGES: number[] = [STAGES.interviewing, STAGES.interviewing2];

export type RequestAnswer = 'accepted' | 'declined' | 'pending';

/** The person who interviews: the project's owner. */
export interface Interviewer {
  id: number;
  name: string;
  email: string;
}

/** "2026-12-01T10:00" on the clock of ZONE. */
const local = (at: Date) => new Date(at.getTime() + zoneOffsetMinutes(ZONE, at) * 60_000).toISOString().slice(0, 16);

/**
 * The first quarter hour in office hours (from 9:00, later for some interviews `n`, to 17:00 in ZONE) at least an hour
 * after `at` and before `until`, else the quarter hour halfway between them: so an interview takes place before the
 * candidate's next move, and one interviewer's interviews of the same day do not all start at nine.
 */
function interviewTime(at: Date, until: Date, n: number): Date {
  const opens = 9 + 2 * (n % 4);
  const quarter = 15 * 60_000;
  for (let t = Math.ceil((at.getTime() + HOUR) / quarter) * quarter; t < until.getTime(); t += quarter) {
    const hour = Number(local(new Date(t)).slice(11, 13));
    if (hour >= opens && hour < 17) return new Date(t);
  }
  return new Date(Math.ceil((at.getTime() + until.getTime()) / 2 / quarter) * quarter);
}

/** The schedule typed at `at`, as the rule stores it: two proposed times a day apart, the first before `until`. */
export function scheduleAt(interviewer: Interviewer, at: Date, until: Date, n: number): Schedule {
  const first = interviewTime(at, until, n);
  return scheduleSchema(() => at).parse({
    interviewerName: interviewer.name,
    interviewerEmail: interviewer.email,
    type: INTERVIEW_TYPE.virtual,
    meetingLink: `https://meet.example.com/demo-interview-${n}`,
    duration: 60,
    timezone: ZONE,
    slots: [local(first), local(new Date(first.getTime() + 24 * HOUR))],
  });
}

/** Each move into an interview stage of a row, with when its interview must have taken place (the next move, or now). */
export function interviewMoves(createdAt: Date, row: SeededRow, now: Date): { at: Date; until: Date }[] {
  const moves = seededMoves(createdAt, row);
  return moves.flatMap((m, i) =>
    INTERVIEW_STAGES.includes(m.to) ? [{ at: m.at, until: moves[i + 1]?.at ?? now }] : [],
  );
}

export interface SeededRequest {
  projectId: number;
  companyId: number;
  candidateId: number;
  /** The project's own description, which a request without its own text carries. */
  description: string;
  interviewer: Interviewer;
  answer: RequestAnswer;
  /** The candidate's first move into an interview stage, when an answered request was sent. */
  firstInterview: { at: Date; until: Date };
  n: number;
}

/** The request's row and its activity, as sending and answering write them. */
function requestOf(r: SeededRequest, now: Date) {
  // A waiting request was sent lately (it is still valid); an answered one at the candidate's move into interviewing.
  const sentAt = r.answer === 'pending' ? new Date(now.getTime() - 20 * HOUR) : r.firstInterview.at;
  const until = r.answer === 'pending' ? new Date(now.getTime() + 2 * 24 * HOUR) : r.firstInterview.until;
  const schedule = scheduleAt(r.interviewer, sentAt, until, r.n);
  const start = interviewTime(sentAt, until, r.n);
  const answeredAt =
    r.answer === 'pending' ? null : new Date(Math.floor((sentAt.getTime() + start.getTime()) / 2 / 60_000) * 60_000);
  const state = { accepted: REQUEST_STATE.approved, declined: REQUEST_STATE.rejected, pending: REQUEST_STATE.sent };
  const row = {
    guid: randomUUID(),
    project_id: r.projectId,
    candidate_id: r.candidateId,
    company_id: r.companyId,
    kind: REQUEST_KIND.interview,
    channel: REQUEST_CHANNEL.email,
    state: state[r.answer],
    token_hash: createHash('sha256').update(randomBytes(32).toString('base64url')).digest('hex'),
    sent_by_user_id: r.interviewer.id,
    sent_by_name: r.interviewer.name,
    jd_header: null,
    jd_body: requestBody(null, r.description),
    jd_footer: null,
    schedule_data: JSON.stringify(r.answer === 'accepted' ? { ...schedule, chosenSlot: schedule.slots[0] } : schedule),
    expires_at: new Date(sentAt.getTime() + REQUEST_LIFETIME_DAYS * 24 * HOUR),
    answered_at: answeredAt,
    delivered_at: sentAt,
    response_method: answeredAt ? 'email' : null,
    reject_reasons: r.answer === 'declined' ? ['timing'] : [],
    created_at: sentAt,
    updated_at: answeredAt ?? sentAt,
  };
  const sent = {
    candidate_id: r.candidateId,
    activity: ACTIVITY.interviewRequested,
    project_id: r.projectId,
    actor_kind: 2,
    actor_id: r.interviewer.id,
    company_id: r.companyId,
    actor_name: r.interviewer.name,
    created_at: sentAt,
  };
  const answered = answeredAt
    ? [
        {
          candidate_id: r.candidateId,
          activity: ACTIVITY.requestAnswered,
          project_id: r.projectId,
          created_at: answeredAt,
        },
      ]
    : [];
  return { row, logs: [sent, ...answered], sentAt };
}

/** Writes the interview requests, their project rows' marks and their activity. */
export async function seedRequests(knex: Knex, requests: SeededRequest[], now = new Date()): Promise<void> {
  if (!requests.length) return;
  const written = requests.map((r) => ({ r, ...requestOf(r, now) }));
  await knex('interview_requests').insert(written.map((w) => w.row));
  for (const { r, sentAt } of written)
    await knex('project_candidates')
      .where({ project_id: r.projectId, candidate_id: r.candidateId })
      .update({ interview_requested_at: sentAt });
  const logs = written.flatMap((w) => w.logs);
  await knex('candidate_recruitment_stage_logs').insert(logs.map((l) => ({ ...l, updated_at: l.created_at })));
  await rewindRollups(knex, new Date(Math.min(...logs.map((l) => l.created_at.getTime()))));
}
