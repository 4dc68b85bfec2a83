/**
 * A stand-in of Workable's SPI v3 on loopback, as the product calls it: `{base}/{subdomain}/spi/v3`
 * with a Bearer token; jobs and candidates paged through `paging.next` (`limit`, at most the stand-in's
 * `pageSize`, 2 unless told; candidates from `since_id` on, as Workable pages them); members and stages; candidates added to
 * a job (`sourced: true`), moved to a stage slug and disqualified by an active member (`members`: the
 * account's hiring admin and Acme's Owner; `/members` honours `email` and `status`) with SPI v3's current
 * fields (`disqualify_reason_id`, `disqualify_note`, `withdrew`, kept on the record; the deprecated
 * `disqualification_reason` is not read), a disqualification reverted (`/revert`, by a member; as in Workable, a
 * move leaves a disqualified record disqualified, and reverting one that is not is refused with 422), copied to
 * another job; candidates listed by email (one record per job, as Workable keeps them) and read one by one
 * with their stage by name; a record can be deleted as a member would in Workable (`deleteCandidate`). Refusals have Workable's shapes: 401 `{error}` for a bad token, 404 for an unknown job,
 * 422 `{error}` for a candidate it will not take.
 * `limitRate()` turns on Workable's limit for account tokens (10 calls per 10-second interval): every
 * answer then carries `X-Rate-Limit-Limit`, `X-Rate-Limit-Remaining` and `X-Rate-Limit-Reset` (epoch
 * seconds of the next interval), and a call over the limit gets 429 with those headers only, no
 * Retry-After, as Workable answers. An interval starts with its first call. Off by default: most test
 * files wait at most 2 s for a vendor, less than an interval.
 */
import { newId, startStandIn, type Handler, type Reply, type StandIn } from './standIn';

export interface WorkableCandidate {
  id: string;
  job: string;
  stage: string;
  disqualified: boolean;
  /** What Workable answers as the record's disqualification reason (set by a test; the name of a reason given by id). */
  disqualification_reason?: string;
  /** What the last disqualify sent in SPI v3's current fields (`disqualification_reason` is deprecated and ignored). */
  disqualify_reason_id?: string | null;
  disqualify_note?: string | null;
  withdrew?: boolean;
  sourced: boolean;
  created_at: string;
  updated_at?: string;
  candidate: {
    name: string;
    firstname?: string;
    lastname?: string;
    email: string;
    phone?: string;
    resume?: { name: string; data: string };
  };
}

export interface WorkableStandIn extends StandIn {
  subdomain: string;
  token: string;
  jobs: { shortcode: string; title: string; state: string }[];
  candidates: WorkableCandidate[];
  /** The account's members; moves, copies and disqualifications name an active one. */
  members: WorkableMember[];
  /** Emails Workable answers 422 for (a record it refuses). */
  refusedEmails: Set<string>;
  /** The base URL the product is configured with. */
  baseTemplate: string;
  /** Deletes a candidate record (one person's record on one job), as a member would in Workable. */
  deleteCandidate(id: string): void;
  /** From now on at most `max` calls per interval of `windowMs` (Workable's account tokens: 10 per 10 s). */
  limitRate(max?: number, windowMs?: number): void;
}

const STAGES = [
  { slug: 'sourced', name: 'Sourced', kind: 'sourced', position: 0 },
  { slug: 'applied', name: 'Applied', kind: 'applied', position: 1 },
  { slug: 'shortlisted', name: 'Shortlisted', kind: 'shortlisted', position: 2 },
  { slug: 'interview', name: 'Interview', kind: 'interview', position: 3 },
  { slug: 'offer', name: 'Offer', kind: 'offer', position: 4 },
  { slug: 'hired', name: 'Hired', kind: 'hired', position: 5 },
];
export interface WorkableMember {
  id: string;
  name: string;
  email: string;
  role: string;
  active: boolean;
}

export async function startWorkableStandIn(
  options: { subdomain?: string; token?: string; pageSize?: number } = {},
): Promise<WorkableStandIn> {
  const subdomain = options.subdomain ?? 'acme';
  const pageSize = options.pageSize ?? 2;
  const state = {
    token: options.token ?? 'workable-token-3f9a',
    jobs: [
      { shortcode: 'BE01', title: 'Backend Engineer', state: 'published' },
      { shortcode: 'FE02', title: 'Frontend Engineer', state: 'published' },
      { shortcode: 'DS03', title: 'Data Scientist', state: 'published' },
      { shortcode: 'OLD9', title: 'Archived Role', state: 'archived' },
    ],
    candidates: [] as WorkableCandidate[],
    refusedEmails: new Set<string>(),
    members: [
      { id: 'm-13', name: 'Hiring Admin', email: 'hiring@acme.example.com', role: 'admin', active: true },
      { id: 'm-21', name: 'Acme Owner', email: 'owner@acme.example.com', role: 'admin', active: true },
    ] as WorkableMember[],
  };
  const acting = (id: unknown) => state.members.some((m) => m.active && m.id === id);
  let base = '';
  const prefix = `/${subdomain}/spi/v3`;
  const rate = { on: false, max: 10, windowMs: 10_000, resetAt: 0, used: 0 };
  const limited =
    (answer: Handler): Handler =>
    (req) => {
      if (!rate.on) return answer(req);
      const now = Date.now();
      if (now >= rate.resetAt) {
        rate.resetAt = Math.ceil((now + rate.windowMs) / 1000) * 1000;
        rate.used = 0;
      }
      const over = rate.used >= rate.max;
      if (!over) rate.used++;
      const headers = {
        'X-Rate-Limit-Limit': String(rate.max),
        'X-Rate-Limit-Remaining': String(rate.max - rate.used),
        'X-Rate-Limit-Reset': String(rate.resetAt / 1000),
      };
      if (over) return { status: 429, headers, body: { error: 'Too many requests' } };
      const reply = answer(req);
      return { ...reply, headers: { ...reply.headers, ...headers } };
    };
  const standIn = await startStandIn(
    limited(({ method, path, query, body, headers }): Reply => {
      if (!path.startsWith(prefix) || headers.authorization !== `Bearer ${state.token}`)
        return { status: 401, body: { error: 'Not authorized' } };
      const route = path.slice(prefix.length);
      const b = (body ?? {}) as Record<string, unknown>;
      if (method === 'GET' && route === '/jobs') {
        const open = state.jobs.filter((j) => !query.get('state') || j.state === query.get('state'));
        const start = Number(query.get('since_index') ?? 0);
        const limit = Math.min(Number(query.get('limit') ?? 50), pageSize);
        const page = open.slice(start, start + limit);
        const more = start + limit < open.length;
        return {
          body: {
            jobs: page,
            paging: more
              ? {
                  next: `${base}${prefix}/jobs?state=${query.get('state') ?? ''}&limit=${limit}&since_index=${start + limit}`,
                }
              : {},
          },
        };
      }
      if (method === 'GET' && route === '/members') {
        const status = query.get('status') ?? 'active';
        const email = query.get('email');
        const members = state.members.filter(
          (m) => (status === 'all' || m.active === (status === 'active')) && (!email || m.email === email),
        );
        return { body: { members, paging: {} } };
      }
      if (method === 'GET' && route === '/stages') return { body: { stages: STAGES } };
      const listed = (c: WorkableCandidate) => ({
        id: c.id,
        name: c.candidate.name,
        email: c.candidate.email,
        job: { shortcode: c.job, title: state.jobs.find((j) => j.shortcode === c.job)?.title },
        stage: STAGES.find((s) => s.slug === c.stage)?.name ?? c.stage,
        disqualified: c.disqualified,
        created_at: c.created_at,
        updated_at: c.updated_at ?? c.created_at,
      });
      if (method === 'GET' && route === '/candidates') {
        // Pages of `limit` (Workable's default 50, at most 100; this stand-in's page size at most), from `since_id` on.
        const found = state.candidates.filter((c) => !query.get('email') || c.candidate.email === query.get('email'));
        const limit = Math.min(Number(query.get('limit') ?? 50) || 50, 100, pageSize);
        const since = query.get('since_id');
        const start = since
          ? Math.max(
              0,
              found.findIndex((c) => c.id === since),
            )
          : 0;
        const rest = found.slice(start + limit);
        const next = new URLSearchParams({
          ...(query.get('email') ? { email: query.get('email')! } : {}),
          limit: String(limit),
          since_id: rest[0]?.id ?? '',
        });
        return {
          body: {
            candidates: found.slice(start, start + limit).map(listed),
            paging: rest.length ? { next: `${base}${prefix}/candidates?${next}` } : {},
          },
        };
      }
      const one = /^\/candidates\/([^/]+)$/.exec(route);
      if (method === 'GET' && one) {
        const row = state.candidates.find((c) => c.id === one[1]);
        if (!row) return { status: 404, body: { error: 'Not found' } };
        return {
          body: {
            candidate: {
              ...listed(row),
              disqualification_reason: row.disqualified ? (row.disqualification_reason ?? null) : null,
            },
          },
        };
      }
      const copy = /^\/candidates\/([^/]+)\/copy$/.exec(route);
      if (method === 'POST' && copy) {
        const from = state.candidates.find((c) => c.id === copy[1]);
        const job = state.jobs.find((j) => j.shortcode === b.target_job_shortcode);
        if (!from || !job) return { status: 404, body: { error: 'Not found' } };
        if (!acting(b.member_id)) return { status: 422, body: { error: 'member_id is invalid' } };
        const row: WorkableCandidate = {
          ...from,
          id: newId(),
          job: job.shortcode,
          stage: STAGES.some((s) => s.slug === b.target_stage) ? String(b.target_stage) : 'sourced',
          disqualified: false,
          created_at: new Date().toISOString(),
          updated_at: new Date().toISOString(),
        };
        state.candidates.push(row);
        return { status: 201, body: { candidate: { id: row.id, name: row.candidate.name, stage: row.stage } } };
      }
      const add = /^\/jobs\/([^/]+)\/candidates$/.exec(route);
      if (method === 'POST' && add) {
        const job = state.jobs.find((j) => j.shortcode === decodeURIComponent(add[1]));
        if (!job) return { status: 404, body: { error: 'Not found' } };
        const candidate = b.candidate as WorkableCandidate['candidate'] | undefined;
        if (!candidate?.name || !candidate.email)
          return { status: 422, body: { error: 'Validation failed: name and email are required' } };
        if (state.refusedEmails.has(candidate.email))
          return { status: 422, body: { error: 'Validation failed: Email is invalid' } };
        const row: WorkableCandidate = {
          id: newId(),
          job: job.shortcode,
          stage: 'sourced',
          disqualified: false,
          sourced: b.sourced === true,
          created_at: new Date().toISOString(),
          candidate,
        };
        state.candidates.push(row);
        return {
          status: 201,
          body: { status: 'created', candidate: { id: row.id, name: candidate.name, stage: row.stage } },
        };
      }
      const act = /^\/candidates\/([^/]+)\/(move|disqualify|revert)$/.exec(route);
      if (method === 'POST' && act) {
        const row = state.candidates.find((c) => c.id === act[1]);
        if (!row) return { status: 404, body: { error: 'Not found' } };
        if (!acting(b.member_id)) return { status: 422, body: { error: 'member_id is invalid' } };
        // Workable reverts only a disqualified record; a move leaves one disqualified.
        if (act[2] === 'revert' && !row.disqualified)
          return { status: 422, body: { error: 'Candidate is not disqualified' } };
        row.updated_at = new Date().toISOString();
        if (act[2] === 'revert') row.disqualified = false;
        else if (act[2] === 'disqualify') {
          // SPI v3's current fields; the deprecated `disqualification_reason` is not read.
          row.disqualified = true;
          row.disqualify_reason_id = typeof b.disqualify_reason_id === 'string' ? b.disqualify_reason_id : null;
          row.disqualify_note = typeof b.disqualify_note === 'string' ? b.disqualify_note : null;
          row.withdrew = b.withdrew === true;
          row.disqualification_reason = undefined;
        } else {
          if (!STAGES.some((s) => s.slug === b.target_stage))
            return { status: 422, body: { error: 'target_stage is invalid' } };
          row.stage = String(b.target_stage);
        }
        return { status: 200, body: {} };
      }
      return { status: 404, body: { error: 'Not found' } };
    }),
  );
  base = standIn.url;
  Object.defineProperty(standIn, 'token', {
    get: () => state.token,
    set: (v: string) => (state.token = v),
    enumerable: true,
  });
  return Object.assign(standIn, {
    subdomain,
    jobs: state.jobs,
    candidates: state.candidates,
    refusedEmails: state.refusedEmails,
    members: state.members,
    baseTemplate: `${standIn.url}/{subdomain}`,
    limitRate: (max = 10, windowMs = 10_000) => {
      Object.assign(rate, { on: true, max, windowMs, resetAt: 0, used: 0 });
    },
    deleteCandidate: (id: string) => {
      state.candidates.splice(
        state.candidates.findIndex((c) => c.id === id),
        1,
      );
    },
  }) as WorkableStandIn;
}
