/**
 * A tab's documents: the search result documents (backend/features/search/results.ts) merged with
 * the candidate's state in the project. Name, photo and links, and contact details, come through
 * the candidate gate for the candidate's place in the project: a company sees the name of a public
 * or revealed candidate, and the contact once they left the suggested tab. Admins see everything,
 * with the admin-anonymous flag. Every viewer's card says whether moving the candidate on reveals
 * them to the project's company (`revealsOnMove`, the rule the move applies): an admin sees the name
 * yet is warned before a move that shows it to the company. Each card says which downloads the viewer may make of the
 * candidate (`canDownload`, as the profile panel's: candidateGate/downloads.ts), so the menu offers no refused one.
 * A card whose candidate booked an interview says when it starts (`interviewAt`, an instant the page writes in the
 * reader's zone).
 */
import type { Knex } from 'knex';
import type { AppAbility } from '../../../schema/ability';
import type { Actor } from '../../../schema/roles';
import { REQUEST_KIND, REQUEST_STATE, STAGES } from '../../../schema/rules/pipeline';
import { labelsFor, loadResults } from '../search';
import { revealsOnMove } from '../../../schema/rules/visibility';
import {
  downloadsAllowed,
  heldSelect,
  identityFields,
  inProject,
  present,
  shownSelect,
  viewerOf,
  type GateRow,
} from '../../services/candidateGate';
import { placesOf } from './reach';
import { bookedStart } from '../../../schema/rules/zonedTime';
import type { ProjectRow } from './access';
import type { TabResult } from './tabs';

interface StateRow extends GateRow {
  candidate_id: number;
  stage: number;
  rejected_from: number | null;
  is_hidden: boolean;
  is_favorited: boolean;
  curated: boolean;
  seen_at: Date | null;
  revealed_at: Date | null;
  guaranteed_at: Date | null;
  interview_scheduled_at: Date | null;
  interview_requested_at: Date | null;
  whitelist_requested_at: Date | null;
  last_recruitment_updated_at: Date | null;
  schedule_data: unknown;
  interview_state: number | null;
  interview_answered_at: Date | null;
  interview_schedule: { chosenSlot?: string; timezone?: string } | null;
  whitelist_state: number | null;
  whitelist_answered_at: Date | null;
  status: number;
  visibility: boolean | null;
  anonymous: boolean | null;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const STATE_KEY = Object.fromEntries(Object.entries(REQUEST_STATE).map(([k, v]) => [v, k]));

function requestOut(state: number | null, answeredAt: Date | null) {
  return state === null ? null : { state: STATE_KEY[state] as keyof typeof REQUEST_STATE, answeredAt: iso(answeredAt) };
}

/**
 * When the interview the candidate booked starts (ISO), the card writes it in the reader's zone: the proposed time
 * they chose on accepting the latest interview request (interviews/answer.ts chooseSlot), read in its schedule's zone
 * as the invitation is (zonedTime.ts bookedStart); null when none is booked.
 */
const interviewAt = (s: Pick<StateRow, 'interview_state' | 'interview_schedule'>): string | null =>
  s.interview_state === REQUEST_STATE.approved ? bookedStart(s.interview_schedule) : null;

/**
 * Whether the candidate has a request of a kind standing in the project: their latest one open or answered. An expired
 * one (lapsed, or withdrawn by a move to rejected) does not stand, so the card offers to send a new one, as the server
 * accepts; without a request row, the project row's marker says.
 */
const standing = (state: number | null, requestedAt: Date | null): boolean =>
  state === null ? Boolean(requestedAt) : state !== REQUEST_STATE.expired;

export async function tabDocs(
  knex: Knex,
  ability: AppAbility,
  actor: Actor,
  project: Pick<ProjectRow, 'id' | 'companyId'>,
  page: TabResult,
  currency: string,
): Promise<Record<string, unknown>[]> {
  if (!page.ids.length) return [];
  const projectId = project.id;
  const labels = await labelsFor(knex, ability);
  const [docs, states, places] = await Promise.all([
    loadResults(knex, page.ids, { actor, filters: page.filters, labels, currency, rates: page.rates }),
    knex.raw(
      `select c.id as candidate_id, pc.stage, pc.rejected_from, pc.is_hidden, pc.is_favorited, pc.curated, pc.seen_at, pc.revealed_at, pc.guaranteed_at,
              pc.interview_scheduled_at, pc.interview_requested_at, pc.whitelist_requested_at, pc.last_recruitment_updated_at, pc.schedule_data,
              c.status, c.visibility, c.anonymous, ${heldSelect('c')}, ${shownSelect(viewerOf(actor), inProject('pc'))},
              ir.state as interview_state, ir.answered_at as interview_answered_at, ir.schedule_data as interview_schedule, wr.state as whitelist_state, wr.answered_at as whitelist_answered_at
         from candidates c left join project_candidates pc on pc.candidate_id = c.id and pc.project_id = ?
         left join lateral (select r.state, r.answered_at, r.schedule_data from interview_requests r
                             where r.project_id = ? and r.candidate_id = c.id and r.kind = ${REQUEST_KIND.interview} order by r.created_at desc limit 1) ir on true
         left join lateral (select r.state, r.answered_at from interview_requests r
                             where r.project_id = ? and r.candidate_id = c.id and r.kind = ${REQUEST_KIND.whitelist} order by r.created_at desc limit 1) wr on true
        where c.id = any(?::int[])`,
      [projectId, projectId, projectId, page.ids],
    ),
    placesOf(knex, projectId, page.ids),
  ]);
  const byId = new Map((states.rows as StateRow[]).map((r) => [r.candidate_id, r]));
  return docs.map((doc) => {
    const id = Number(String(doc.id).replace(/^Candidate:/, ''));
    const s = byId.get(id);
    if (!s) return doc;
    const stage = s.stage ?? STAGES.open;
    const out: Record<string, unknown> = {
      ...doc,
      status: s.status,
      recruitmentStatus: stage,
      rejectedFrom: s.rejected_from ?? null,
      isFavorited: Boolean(s.is_favorited),
      isHidden: Boolean(s.is_hidden),
      seen: Boolean(s.seen_at),
      revealed: Boolean(s.revealed_at),
      guaranteed: Boolean(s.guaranteed_at),
      curated: Boolean(s.curated),
      interviewScheduled: Boolean(s.interview_scheduled_at),
      lastRecruitmentUpdatedAt: iso(s.last_recruitment_updated_at),
      projectInterviewRequested: standing(s.interview_state, s.interview_requested_at),
      projectWhiteListRequested: standing(s.whitelist_state, s.whitelist_requested_at),
      scheduleData: s.schedule_data ?? null,
      // The candidate's answer to the latest interview request and job description, as the card shows it.
      interviewRequest: requestOut(s.interview_state, s.interview_answered_at),
      interviewAt: interviewAt(s),
      whiteListRequest: requestOut(s.whitelist_state, s.whitelist_answered_at),
    };
    const shown = present(s);
    // Whether moving the candidate on uncovers them to the project's company (the one rule, over the facts the move
    // reads: placesOf, and whether the project has a company): the screen says so before the move, or that they stay
    // anonymous. An admin, who sees every name, is warned by this flag too: their move reveals as a company's does.
    const place = places.get(id);
    out.revealsOnMove =
      Boolean(place) && revealsOnMove(viewerOf(actor), place!.candidate, place!.place, Boolean(project.companyId));
    // The downloads the card's menu offers: those the routes answer 200 for (the one rule over this candidate's facts).
    out.canDownload = downloadsAllowed({ ...s, id }, ability);
    // The project's board may show more than search did (a reveal): who they are, as the gate gives it here.
    if (shown.name) Object.assign(out, identityFields(shown));
    if (shown.contact) Object.assign(out, { email: shown.contact.email, phone: shown.contact.phone });
    else for (const key of ['email', 'phone', 'phoneWhatsapp']) delete out[key];
    return out;
  });
}
