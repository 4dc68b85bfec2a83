/**
 * Projects and project candidates written straight into the test database, so the interview
 * tests do not depend on the projects and pipeline screens; and the answer links read back from
 * the outbox as a candidate's email client would.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { client, type Client } from './actors';
import { testApp } from './app';
import { listOutbox } from '../../backend/services/mail/outbox';

export interface TestProject {
  id: number;
  guid: string;
  companyId: number | null;
  ownerId: number | null;
}

export interface ProjectOptions {
  /** The company user who owns it (default the Acme owner); null for an admins' internal project. */
  ownerEmail?: string | null;
  advocateEmail?: string | null;
  title?: string;
  jobDescription?: string | null;
  isConfidential?: boolean;
  status?: number;
  dateTimeSlots?: { date: string; startTime: string; endTime: string }[];
}

export async function makeProject(knex: Knex, options: ProjectOptions = {}): Promise<TestProject> {
  const owner =
    options.ownerEmail === null
      ? undefined
      : await knex('company_users')
          .where('email', options.ownerEmail ?? 'owner@acme.example.com')
          .first('id', 'company_id');
  const advocate = options.advocateEmail
    ? await knex('admins').where('email', options.advocateEmail).first('id')
    : undefined;
  const jobTitle = await knex('job_titles').orderBy('id').first('id');
  const country = await knex('countries').orderBy('id').first('id');
  const guid = randomUUID();
  const [row] = await knex('projects')
    .insert({
      guid,
      title: options.title ?? 'Senior Backend Engineer',
      company_id: owner?.company_id ?? null,
      owner_id: owner?.id ?? null,
      advocate_id: advocate?.id ?? null,
      job_title_id: jobTitle.id,
      countries: [country.id],
      headcount: 1,
      salary_min: 5000,
      salary_max: 9000,
      salary_currency: 'SGD',
      job_description:
        options.jobDescription === undefined
          ? 'Build and run the services behind our hiring product.'
          : options.jobDescription,
      is_confidential: options.isConfidential ?? false,
      status: options.status ?? 0,
      date_time_slots: JSON.stringify(options.dateTimeSlots ?? []),
    })
    .returning('id');
  return { id: row.id, guid, companyId: owner?.company_id ?? null, ownerId: owner?.id ?? null };
}

/** Active, visible, named candidates with an email (and a phone when asked), in id order, skipping `skip`. */
export async function activeCandidates(
  knex: Knex,
  count: number,
  options: { withPhone?: boolean; skip?: number } = {},
): Promise<number[]> {
  const q = knex('candidates')
    .where({ status: 1, visibility: true, anonymous: false })
    .whereNotNull('email')
    .orderBy('id')
    .offset(options.skip ?? 0)
    .limit(count);
  if (options.withPhone) q.whereNotNull('phone');
  return q.pluck('id');
}

/** The addresses of candidates `ids`, by id. */
export async function candidateEmails(knex: Knex, ids: number[]): Promise<Map<number, string>> {
  return new Map((await knex('candidates').whereIn('id', ids).select('id', 'email')).map((r) => [r.id, r.email]));
}

/**
 * An app with Acme's owner signed in, a visitor (no session, as a candidate opens an emailed link) and `count` active
 * candidates after the first `skip` (so test files do not share candidates), with their addresses.
 */
export async function interviewsApp(count: number, skip: number) {
  const t = await testApp();
  const owner = client(t, await t.login('owner@acme.example.com'));
  const visitor = client(t);
  const candidates = await activeCandidates(t.knex, count, { skip });
  return { t, owner, visitor, candidates, emails: await candidateEmails(t.knex, candidates) };
}

/**
 * Puts candidates in a project's pipeline at a stage (the pipeline's own row); in the suggested tab (0) as the
 * company's addition (`added`), which holds them there whatever the saved filters find (pipeline/tabs.ts heldSql).
 */
export async function addToProject(knex: Knex, project: TestProject, candidateIds: number[], stage = 1): Promise<void> {
  const added = stage === 0;
  await knex('project_candidates')
    .insert(
      candidateIds.map((id) => ({
        project_id: project.id,
        candidate_id: id,
        company_id: project.companyId,
        stage,
        added,
      })),
    )
    .onConflict(['project_id', 'candidate_id'])
    .ignore();
}

/**
 * A new project titled `title` with the first active, visible, named candidate curated into its longlist (stage 1),
 * the row's `extra` columns beside; answers the project and the candidate.
 */
export async function boardWithOne(
  knex: Knex,
  title: string,
  extra: Record<string, unknown> = {},
): Promise<{ project: TestProject; person: { id: number; guid: string } }> {
  const project = await makeProject(knex, { title });
  const [person] = await knex('candidates')
    .where({ status: 1, visibility: true })
    .whereNot('anonymous', true)
    .whereNotNull('first_name')
    .orderBy('id')
    .limit(1)
    .select('id', 'guid');
  await knex('project_candidates').insert({
    project_id: project.id,
    candidate_id: person.id,
    company_id: project.companyId,
    stage: 1,
    curated: true,
    last_recruitment_updated_at: new Date(),
    ...extra,
  });
  return { project, person };
}

/** The newest email to `to` whose subject matches, and the accept/decline token in its links. */
export async function requestEmail(knex: Knex, to: string, subject = /Interview request|A role for you/) {
  const mail = (await listOutbox(knex, to, 20)).find((m) => subject.test(m.subject));
  if (!mail) throw new Error(`no request email to ${to}`);
  const approve = /(https?:\/\/\S+\/interview-request\?irt=([\w-]+)&av=approve&m=email)/.exec(mail.text);
  const reject = /(https?:\/\/\S+\/interview-request\?irt=[\w-]+&av=reject&m=email)/.exec(mail.text);
  const jd = /(https?:\/\/\S+\/jd\/[0-9a-f-]{36}\/\d+)/.exec(mail.text);
  if (!approve || !reject || !jd) throw new Error(`request email without its links: ${mail.text}`);
  return { mail, approveUrl: approve[1], rejectUrl: reject[1], token: approve[2], jdUrl: jd[1] };
}

/**
 * A company's interview request by WhatsApp to `candidate` in a new project, the candidate past the suggested tab
 * (where the company sees the contact, and so the channel the request took); answers the project and the reply.
 */
export async function requestByWhatsapp(
  knex: Knex,
  company: Client,
  candidate: number,
  requestAction = 'request_interview',
): Promise<{ project: TestProject; channel: string }> {
  const project = await makeProject(knex);
  await addToProject(knex, project, [candidate], 1);
  const res = await company.post('/projects/candidate/interview/request', {
    projectId: project.id,
    candidateId: candidate,
    requestAction,
    channel: 'whatsapp',
  });
  if (res.status !== 201) throw new Error(`request_interview answered ${res.status}: ${JSON.stringify(res.body)}`);
  return { project, channel: res.body.requests[0].channel as string };
}

/**
 * The owner requests an interview of `ids` in `project` with `interviewer` at `slots` (Ivy Interviewer, a 45-minute
 * video call, Singapore time), the jobs send the requests, and each candidate's answer token is read from their email.
 */
export async function requestInterviews(
  t: { knex: Knex; config: unknown },
  owner: Client,
  emails: Map<number, string>,
  project: TestProject,
  ids: number[],
  interviewer: string,
  slots: string[],
  runJobs: () => Promise<unknown>,
): Promise<Map<number, string>> {
  const res = await owner.post('/projects/candidate/interview/request', {
    projectId: `Project:${project.id}`,
    candidateId: ids.map((c) => `Candidate:${c}`),
    requestAction: 'request_interview',
    scheduleData: JSON.stringify({
      interviewerName: 'Ivy Interviewer',
      interviewerEmail: interviewer,
      type: 2,
      meetingLink: 'https://meet.example.com/x',
      duration: 45,
      timezone: 'Asia/Singapore',
      slots,
    }),
  });
  if (res.status !== 201) throw new Error(`interview request: ${res.status} ${JSON.stringify(res.body)}`);
  await runJobs();
  const tokens = new Map<number, string>();
  for (const c of ids) tokens.set(c, (await requestEmail(t.knex, emails.get(c) as string)).token);
  return tokens;
}

/** The state of `candidate`'s request in `projectId` (undefined once gone), and the calendar methods emailed to `to`. */
export async function bookingOutcome(knex: Knex, projectId: number, candidate: number, to: string) {
  const row = await knex('interview_requests').where({ project_id: projectId, candidate_id: candidate }).first();
  const mails = await knex('outbox_emails').where('to', to).orderBy('id').select('attachments');
  const methods = mails.map(
    (m) => /^METHOD:(.*)$/m.exec(String(m.attachments?.[0]?.content ?? ''))?.[1]?.trim() ?? null,
  );
  return { state: row?.state as number | undefined, methods };
}

/** A candidate (`visitor`, signed out) accepts `slot` through their emailed link's token. */
export const acceptSlot = (visitor: Client, token: string, slot: string) =>
  visitor.post('/projects/interview-request/check-and-approve', {
    interviewRequestToken: token,
    accessValue: 'approve',
    responseMethod: 'email',
    slot,
  });
