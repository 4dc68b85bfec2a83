/**
 * What a candidate's copy of their data holds, category by category, read for the person
 * themselves (never shown to anyone else): their whole profile with experience and education, the
 * documents stored for them, their consents, the companies that revealed, shortlisted or moved them
 * (and when: `moves` are the stage changes only; the other pipeline events about them, a note
 * written, an interview asked, a reveal, are `events`, named as what they are), interview and qualify requests with their answers (and the time booked), the notes written about them
 * (companies' and our team's, admins-only ones too, deleted ones marked), the saved-search alerts
 * they appeared in, AI-match appearances, pushes to companies' ATSs with the status each ATS last reported (a deleted
 * project's too, and applications left on a job the project was relinked away from, marked former: collectAts.ts),
 * profile views and insights,
 * a rejection's reason and comment, and (collectAccount.ts) their own data rights history, the
 * profiles merged into theirs, the messages sent to them, their sign-ins and account changes.
 * Values are named in words (stages, kinds, states, channels, ATS vendors), so the files read without the product's codes. Other people are named at company level at most: never
 * a note's author nor an alert's recipient, only "our team" or the company (masked when confidential).
 */
import type { Knex } from 'knex';
import { t } from '../../../../i18n';
import { entity } from '../../../../schema';
import { INSIGHT_KIND } from '../../../../schema/entities/internal/dailyRollups';
import { ATS_KINDS } from '../../../../schema/rules/ats';
import { CONSENT_PURPOSES, CONSENT_SOURCES } from '../../../../schema/rules/consents';
import { ACTIVITY, INTERVIEW_TYPE, NOTE_VISIBILITY, STAGES } from '../../../../schema/rules/pipeline';
import { RECOMMENDATION } from '../../../../schema/rules/aiMatch';
import { ALERT_NEWS_STATE, ALERT_RECIPIENT_KIND } from '../../../../schema/entities/alert';
import { loadChildren } from '../../../crud/children';
import { selectRows } from '../../../crud/select';
import { serialize, type Row } from '../../../crud/serialize';
import { keyOfPublicPath } from '../../../adapters/storage/serve';
import { accountOf, dataRightsOf, formerProfilesOf, messagesOf } from './collectAccount';
import { formerPushRows, linkedPushRows } from './collectAts';
import { iso, nameOf } from './words';

const stageName = (id: unknown) => nameOf(STAGES, id);
const CONFIDENTIAL = 'A company (confidential search)';
/** An internal (admins') project has no company; the portal and the request emails say "a company". */
const companyOf = (r: { is_confidential?: unknown; company?: unknown }) =>
  r.is_confidential ? CONFIDENTIAL : ((r.company as string | null) ?? t('portal.interviews.aCompany'));
const atsName = (kind: unknown) => ATS_KINDS.find((k) => k.key === String(kind))?.label ?? String(kind);

/** A stored file to put in the ZIP: where it is kept, and its name in the archive. */
export interface StoredDocument {
  kind: 'cv' | 'blindCv' | 'profilePicture';
  key: string;
  name: string;
}

export interface Collected {
  profile: Record<string, unknown>;
  experience: unknown[];
  education: unknown[];
  documents: StoredDocument[];
  categories: Record<string, unknown>;
}

/** The profile with its child lists, every field (the curated ones too), as the API names them. */
async function profileOf(knex: Knex, candidateId: number) {
  const def = entity('candidate');
  const row = await selectRows(knex, def).where('candidates.id', candidateId).first();
  if (!row) return undefined;
  const json = row.toJSON() as Row;
  const children = (await loadChildren(knex, def, [candidateId])).get(candidateId) ?? {};
  const { sendSetPasswordEmail: _internal, ...profile } = serialize(def, json);
  return { profile, json, children };
}

function documentsOf(json: Row): StoredDocument[] {
  const ext = (key: string) => key.slice(key.lastIndexOf('.') + 1);
  const docs: StoredDocument[] = [];
  const add = (kind: StoredDocument['kind'], key: unknown, base: string) => {
    if (typeof key === 'string' && key && !key.startsWith('http'))
      docs.push({ kind, key, name: `files/${base}.${ext(key)}` });
  };
  add('cv', json.resumePath, 'cv');
  add('blindCv', json.blindResumePath, 'blind-cv');
  add(
    'profilePicture',
    keyOfPublicPath(typeof json.profilePic === 'string' ? json.profilePic : null),
    'profile-picture',
  );
  return docs;
}

/** Rows of any table holding the candidate's consents (by name), whatever its shape. */
async function consentsOf(knex: Knex, candidateId: number) {
  const tables = (await knex('information_schema.columns')
    .where({ table_schema: knex.raw('current_schema()'), column_name: 'candidate_id' })
    .where('table_name', 'like', '%consent%')
    .orderBy('table_name')
    .pluck('table_name')) as string[];
  const out: Record<string, unknown[]> = {};
  for (const table of tables) {
    const rows = await knex(table).where('candidate_id', candidateId).orderBy('id');
    const words = (k: string, v: unknown) =>
      table !== 'candidate_consents'
        ? v
        : k === 'purpose'
          ? nameOf(CONSENT_PURPOSES, v)
          : k === 'source'
            ? nameOf(CONSENT_SOURCES, v)
            : v;
    out[table] = rows.map((r: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : words(k, v)])),
    );
  }
  return out;
}

/** A rejection's reason and comment, as the company wrote them. */
function rejectionOf(data: unknown) {
  const d = (typeof data === 'string' ? JSON.parse(data) : data) as { reason?: unknown; comment?: unknown } | null;
  return d ? { reason: d.reason ?? null, comment: d.comment ?? null } : null;
}

/** Each company's project the candidate is on: when revealed, shortlisted, every move, and every other event. */
async function companiesOf(knex: Knex, candidateId: number) {
  const rows = await knex('project_candidates as pc')
    .join('projects as p', 'p.id', 'pc.project_id')
    .leftJoin('companies as co', 'co.id', 'pc.company_id')
    .where('pc.candidate_id', candidateId)
    .orderBy('pc.id')
    .select('pc.id', 'pc.project_id', 'co.company_name as company', 'p.title as project', 'pc.stage', 'pc.curated')
    .select('pc.created_at', 'pc.seen_at', 'pc.revealed_at', 'pc.interview_requested_at', 'pc.is_hidden')
    .select('pc.reject_data', 'p.is_confidential');
  const moves = await knex('candidate_recruitment_stage_logs as l')
    .where('l.candidate_id', candidateId)
    .orderBy('l.id')
    .select('l.project_id', 'l.activity', 'l.from_stage', 'l.to_stage', 'l.created_at');
  return rows.map((r) => {
    const logged = moves.filter((m) => m.project_id === r.project_id);
    const mine = logged.filter((m) => m.activity === ACTIVITY.stageChanged);
    const shortlisted = mine.find((m) => m.to_stage === STAGES.shortlist);
    return {
      // A confidential search keeps its company's name from candidates; the copy says one exists.
      company: companyOf(r),
      project: r.project,
      stage: stageName(r.stage),
      addedAt: iso(r.created_at),
      addedByOurTeam: !!r.curated,
      seenAt: iso(r.seen_at),
      revealedAt: iso(r.revealed_at),
      shortlistedAt: iso(shortlisted?.created_at),
      interviewRequestedAt: iso(r.interview_requested_at),
      hiddenByCompany: !!r.is_hidden,
      rejection: rejectionOf(r.reject_data),
      moves: mine.map((m) => ({ from: stageName(m.from_stage), to: stageName(m.to_stage), at: iso(m.created_at) })),
      // The event alone: never what it carried (a note's key, who it was shared with) nor who did it.
      events: logged
        .filter((m) => m.activity !== ACTIVITY.stageChanged)
        .map((m) => ({ event: nameOf(ACTIVITY, m.activity), at: iso(m.created_at) })),
    };
  });
}

/** `row`'s codes of `fields` by the keys the entity declares for them (a request's kind, channel and state). */
const inWords = (name: string, row: Record<string, unknown>, fields: string[]) =>
  Object.fromEntries(
    fields.map((k) => {
      const v = row[k];
      const key = entity(name).fields[k].choices?.find((c) => c.id === v)?.key;
      return [k, key ?? (v == null ? null : String(v))];
    }),
  );

/**
 * Interview and qualify requests with the candidate's answers; their kind, channel, state and reply in words
 * and the schedule's type (the response method is kept as stored: 'email' or 'whatsapp'), and the time booked.
 */
async function interviewsOf(knex: Knex, candidateId: number) {
  const interviews = await knex('interview_requests as r')
    .leftJoin('companies as co', 'co.id', 'r.company_id')
    .leftJoin('projects as p', 'p.id', 'r.project_id')
    .where('r.candidate_id', candidateId)
    .orderBy('r.id')
    .select(
      'co.company_name as company',
      'p.title as project',
      'r.kind',
      'r.channel',
      'r.state',
      'r.jd_header',
      'r.jd_body',
    )
    .select('r.jd_footer', 'r.schedule_data', 'r.created_at', 'r.delivered_at', 'r.expires_at', 'r.answered_at')
    .select('r.response_method', 'r.reject_reasons', 'r.reject_text', 'p.is_confidential');
  const qualify = await knex('qualify_requests as q')
    .leftJoin('projects as p', 'p.id', 'q.project_id')
    .where('q.candidate_id', candidateId)
    .orderBy('q.id')
    .select('p.title as project', 'q.to_phone', 'q.header', 'q.body', 'q.state', 'q.reply', 'q.reply_text')
    .select('q.created_at', 'q.replied_at');
  const dated = (r: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(r).map(([k, v]) => [
        k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()),
        v instanceof Date ? v.toISOString() : v,
      ]),
    );
  // Only what the answer page shows of the schedule (interviews/answer.ts): never the interviewer's
  // email, a third person's whose domain would also name a confidential search's company.
  const shown = (s: Record<string, unknown> | null) =>
    s && {
      interviewerName: s.interviewerName ?? null,
      type: nameOf(INTERVIEW_TYPE, s.type),
      address: s.address ?? null,
      meetingLink: s.meetingLink ?? null,
      duration: s.duration ?? null,
      timezone: s.timezone ?? null,
      slots: s.slots ?? [],
      // The proposed time the candidate accepted (in `timezone`), as the answer wrote it.
      chosenSlot: s.chosenSlot ?? null,
    };
  const masked = ({ is_confidential, schedule_data, ...r }: Record<string, unknown>) =>
    dated({
      ...r,
      ...inWords('interviewRequest', r, ['kind', 'channel', 'state']),
      company: companyOf({ is_confidential, company: r.company }),
      schedule_data: shown(schedule_data as Record<string, unknown> | null),
    });
  const replied = (r: Record<string, unknown>) => dated({ ...r, ...inWords('qualifyRequest', r, ['state', 'reply']) });
  return { interviewRequests: interviews.map(masked), qualifyRequests: qualify.map(replied) };
}

/**
 * Every note held about the person, word for word (the right of access covers what is written about them, those
 * only admins read included; the note field tells writers so: pipeline.notes.inCopy), by who wrote it at company
 * level: "our team" (an admin or advocate) or the company whose user wrote it (masked when its search is
 * confidential), and who may read it in words; never the author's name or email. One whose author's account is gone is our team's when only admins read it,
 * else "not known".
 */
async function notesOf(knex: Knex, candidateId: number) {
  const rows = await knex('candidate_notes as n')
    .leftJoin('projects as p', 'p.id', 'n.project_id')
    .leftJoin('companies as co', 'co.id', 'n.company_id')
    .where('n.candidate_id', candidateId)
    .orderBy('n.id')
    .select('n.note', 'n.visibility', 'n.author_admin_id', 'n.author_user_id', 'co.company_name as company')
    .select('p.title as project', 'p.is_confidential', 'n.created_at', 'n.updated_at', 'n.deleted_at');
  const ourTeam = t('dataExportCopy.ourTeam');
  const writer = (r: Record<string, unknown>) =>
    r.author_admin_id != null
      ? ourTeam
      : r.author_user_id != null
        ? companyOf(r)
        : r.visibility === NOTE_VISIBILITY.adminsOnly
          ? ourTeam
          : t('dataExportCopy.authorUnknown');
  return rows.map((r) => ({
    writtenBy: writer(r),
    project: r.project ?? null,
    visibleTo: t(`dataExportCopy.noteVisibleTo.${nameOf(NOTE_VISIBILITY, r.visibility)}`),
    note: r.note,
    writtenAt: iso(r.created_at),
    changedAt: iso(r.updated_at),
    deletedAt: iso(r.deleted_at),
  }));
}

/**
 * The saved-search alerts the person appeared in, one entry per project and kind of recipient (not
 * per recipient): alerted to our team or to a company. The company and the project are named only
 * where the copy names them already (the person is on that project: `companiesOf`); elsewhere
 * "a company", so the copy does not tell which companies search for what.
 */
async function alertsOf(knex: Knex, candidateId: number) {
  const rows = await knex('alert_news as n')
    .join('alert_subscriptions as s', 's.id', 'n.subscription_id')
    .join('projects as p', 'p.id', 'n.project_id')
    .leftJoin('companies as co', 'co.id', 'p.company_id')
    .where('n.candidate_id', candidateId)
    .groupBy('n.project_id', 's.recipient_kind', 'p.title', 'p.is_confidential', 'co.company_name')
    .orderByRaw('min(n.first_matched_at), n.project_id, s.recipient_kind')
    .select('s.recipient_kind', 'p.title as project', 'p.is_confidential', 'co.company_name as company')
    .select(knex.raw('min(n.first_matched_at) as first_matched_at, min(n.emailed_at) as emailed_at'))
    .select(knex.raw('bool_or(n.state <> ?) as matching', [ALERT_NEWS_STATE.dropped]))
    .select(
      knex.raw(
        'exists (select 1 from project_candidates pc where pc.project_id = n.project_id and pc.candidate_id = ?) as known',
        [candidateId],
      ),
    );
  return rows.map((r) => ({
    alertedTo:
      r.recipient_kind === ALERT_RECIPIENT_KIND.admin
        ? t('dataExportCopy.ourTeam')
        : r.known
          ? companyOf(r)
          : t('portal.interviews.aCompany'),
    project: r.known ? r.project : null,
    firstMatchedAt: iso(r.first_matched_at),
    firstEmailedAt: iso(r.emailed_at),
    stillMatching: !!r.matching,
  }));
}

/**
 * AI-match runs the person was scored in; the recommendation by name. A run's project is named only
 * where the person is on it (as alertsOf), never one they were not part of (confidential, internal or
 * not). The reasoning may quote the run's description, so it is kept only where the project is named.
 */
async function aiMatchOf(knex: Knex, candidateId: number) {
  const rows = await knex('ai_match_results as r')
    .join('ai_match_runs as run', 'run.id', 'r.run_id')
    .leftJoin('projects as p', 'p.id', 'run.project_id')
    .where('r.candidate_id', candidateId)
    .orderBy('r.id')
    .select('r.run_id', 'p.title as project', 'run.created_at', 'r.rank', 'r.match_score', 'r.score')
    .select('r.strengths', 'r.recommendation', 'r.reasoning', 'r.judged_at')
    .select(
      knex.raw(
        'exists (select 1 from project_candidates pc where pc.project_id = run.project_id and pc.candidate_id = ?) as known',
        [candidateId],
      ),
    );
  return rows.map((r) => ({
    run: r.run_id,
    project: r.known ? (r.project ?? null) : null,
    runAt: iso(r.created_at),
    rank: r.rank,
    matchScore: r.match_score,
    score: r.score,
    strengths: r.strengths,
    recommendation: r.recommendation == null ? null : nameOf(RECOMMENDATION, r.recommendation),
    reasoning: r.known ? r.reasoning : null,
    judgedAt: iso(r.judged_at),
  }));
}

/** The person's linked ATS records (a deleted project's too), then those left on jobs relinked away from (collectAts.ts). */
async function atsPushesOf(knex: Knex, candidateId: number) {
  const linked = await linkedPushRows(knex, candidateId);
  return [...linked, ...(await formerPushRows(knex, candidateId, linked))].map((r) => ({
    ats: atsName(r.kind),
    company: companyOf(r),
    project: r.project,
    recordId: r.remote_id,
    stageSent: stageName(r.synced_stage),
    firstSentAt: iso(r.created_at),
    lastSentAt: iso(r.updated_at),
    statusInAts: r.remote_status,
    stageInAts: r.remote_stage,
    statusInAtsSince: iso(r.remote_status_since),
    former: !!r.former,
    ...(r.former && { formerSince: iso(r.former) }),
  }));
}

async function insightsOf(knex: Knex, candidateId: number) {
  const daily = await knex('candidate_insight_daily').where('candidate_id', candidateId).orderBy(['day', 'kind']);
  const views = await knex('candidate_search_or_view_logs as v')
    .leftJoin('companies as co', 'co.id', 'v.company_id')
    .leftJoin('projects as p', 'p.id', 'v.project_id')
    .where('v.candidate_id', candidateId)
    .orderBy('v.id')
    .select('v.kind', 'co.company_name as company', 'p.is_confidential', 'v.created_at');
  return {
    daily: daily.map((d) => ({ kind: nameOf(INSIGHT_KIND, d.kind), day: iso(d.day)?.slice(0, 10), count: d.count })),
    viewsAndSearches: views.map((v) => ({
      kind: nameOf({ searchAppearance: 1, profileView: 2 }, v.kind),
      company: v.is_confidential ? CONFIDENTIAL : (v.company ?? null),
      at: iso(v.created_at),
    })),
  };
}

/** Every category; `step` is called after each, for the job's progress. */
export async function collect(
  knex: Knex,
  candidateId: number,
  step: (done: number, of: number) => Promise<void>,
): Promise<Collected | undefined> {
  const found = await profileOf(knex, candidateId);
  if (!found) return undefined;
  const readers: [string, (k: Knex, id: number) => Promise<unknown>][] = [
    ['consents', consentsOf],
    ['companies', companiesOf],
    ['interviews', interviewsOf],
    ['notes', notesOf],
    ['alerts', alertsOf],
    ['ai-match', aiMatchOf],
    ['ats-pushes', atsPushesOf],
    ['insights', insightsOf],
    ['data-rights', dataRightsOf],
    ['former-profiles', formerProfilesOf],
    ['messages', messagesOf],
    ['account', accountOf],
  ];
  const categories: Record<string, unknown> = {};
  for (const [i, [name, read]] of readers.entries()) {
    categories[name] = await read(knex, candidateId);
    await step(i + 1, readers.length);
  }
  return {
    profile: found.profile,
    experience: (found.children.experiences as unknown[]) ?? [],
    education: (found.children.educations as unknown[]) ?? [],
    documents: documentsOf(found.json),
    categories,
  };
}
