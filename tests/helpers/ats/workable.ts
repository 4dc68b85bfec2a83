/**
 * A stand-in of Workable's SPI v3 on loopback, as the product calls it: `{base}/{subdomain}/spi/v3`
 * with a Bearer token; jobs paged through `paging.next`; members and stages; candidates added to
 * a job (`sourced: true`), moved to a stage slug and disqualified by a member; candidates found by
 * email. Refusals have Workable's shapes: 401 `{error}` for a bad token, 404 for an unknown job,
 * 422 `{error}` for a candidate it will not take.
 */
import { newId, startStandIn, type Reply, type StandIn } from './standIn';

export interface WorkableCandidate {
  id: string;
  job: string;
  stage: string;
  disqualified: boolean;
  sourced: boolean;
  created_at: string;
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
  /** Emails Workable answers 422 for (a record it refuses). */
  refusedEmails: Set<string>;
  /** The base URL the product is configured with. */
  baseTemplate: string;
}

const STAGES = [
  { slug: 'sourced', name: 'Sourced', kind: 'sourced', position: 0 },
  { slug: 'applied', name: 'Applied', kind: 'applied', position: 1 },
  { slug: 'shortlisted', name: 'Shortlisted', kind: 'shortlisted', position: 2 },
  { slug: 'interview', name: 'Interview', kind: 'interview', position: 3 },
  { slug: 'offer', name: 'Offer', kind: 'offer', position: 4 },
  { slug: 'hired', name: 'Hired', kind: 'hired', position: 5 },
];
const MEMBER = { id: 'm-13', name: 'Hiring Admin', email: 'hiring@acme.example.com', role: 'admin' };

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
  };
  let base = '';
  const prefix = `/${subdomain}/spi/v3`;
  const standIn = await startStandIn(({ method, path, query, body, headers }): Reply => {
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
    if (method === 'GET' && route === '/members') return { body: { members: [MEMBER] } };
    if (method === 'GET' && route === '/stages') return { body: { stages: STAGES } };
    if (method === 'GET' && route === '/candidates') {
      const found = state.candidates.filter((c) => c.candidate.email === query.get('email'));
      return {
        body: { candidates: found.map((c) => ({ id: c.id, email: c.candidate.email, created_at: c.created_at })) },
      };
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
    const act = /^\/candidates\/([^/]+)\/(move|disqualify)$/.exec(route);
    if (method === 'POST' && act) {
      const row = state.candidates.find((c) => c.id === act[1]);
      if (!row) return { status: 404, body: { error: 'Not found' } };
      if (b.member_id !== MEMBER.id) return { status: 422, body: { error: 'member_id is invalid' } };
      if (act[2] === 'disqualify') row.disqualified = true;
      else {
        if (!STAGES.some((s) => s.slug === b.target_stage))
          return { status: 422, body: { error: 'target_stage is invalid' } };
        row.stage = String(b.target_stage);
      }
      return { status: 200, body: {} };
    }
    return { status: 404, body: { error: 'Not found' } };
  });
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
    baseTemplate: `${standIn.url}/{subdomain}`,
  }) as WorkableStandIn;
}
