/**
 * A stand-in of Greenhouse Harvest v3 and its OAuth token endpoint on loopback: client
 * credentials (Basic auth) buy a Bearer token that can be expired at will; lists are cursor-paged
 * through the `Link` header; candidates, applications on a job's stages, moves and rejections, as
 * the product calls them. A bad client secret gets 400 `invalid_client`, an unknown token 401.
 * `POST /candidates` creates a person even when one has the email (Greenhouse leaves finding to
 * the caller: `GET /candidates?email=`); people are listed with their `email_addresses`; applications
 * are listed by candidate with v3's plural parent filter (`candidate_ids=1,2`) and read one by one
 * with their status (active, rejected, hired), current stage and rejection reason. A filter the API
 * does not know (`candidate_id`) is ignored, as an API ignores it: the list answers everyone; a test
 * can make it ignore a known one too (`ignoredFilters`).
 * A v3 move (`POST /applications/{id}/move`) names the stage the application is in (`from_stage_id`:
 * another is 422) and the one it goes to (`to_stage_id`); without one it advances one stage, as
 * Greenhouse does.
 * Every API answer carries Greenhouse's `X-RateLimit-Limit`, `X-RateLimit-Remaining` and
 * `X-RateLimit-Reset` (epoch seconds the window ends); `limitRate(max, windowMs)` sets the limit (a
 * thousand calls per 10 s by default), and a call over it gets 429 with those headers and Retry-After.
 * `POST /applications/{id}/hire` sets an active application's status to hired, as Harvest's hire call
 * does (a hire is a status, not a stage); one that is not active is refused with 422, as is a move of one.
 * `POST /applications/{id}/unreject` makes a rejected application active again at its stage, as Harvest's
 * unreject does; one that is not rejected is refused with 422.
 * `DELETE /candidates/{id}` deletes the person and their applications, as Harvest does; an
 * unknown id is 404, and so is `GET /candidates/{id}`.
 * Tests act as the company would in Greenhouse itself: delete an application or a person, or merge
 * a person into another (the survivor keeps the other's applications, now filed under its id, and
 * their email as a second one; the merged id answers 404 from then on).
 */
import { startStandIn, type Handler, type Reply, type StandIn } from './standIn';

export interface GreenhouseApplication {
  id: number;
  candidateId: number;
  jobId: number;
  stageId: number;
  rejected: boolean;
  status: 'active' | 'rejected' | 'hired';
  lastActivityAt: string;
}

export interface GreenhouseStandIn extends StandIn {
  clientId: string;
  clientSecret: string;
  tokenUrl: string;
  apiUrl: string;
  candidates: {
    id: number;
    first_name: string;
    last_name: string;
    email: string;
    created_at: string;
    other_emails?: string[];
  }[];
  applications: GreenhouseApplication[];
  /** Deletes an application in Greenhouse (as a recruiter would). */
  deleteApplication(id: number): void;
  /** Deletes a person and their applications in Greenhouse. */
  deletePerson(id: number): void;
  /** Merges person `from` into person `into`: `into` keeps `from`'s applications and email; `from` is gone. */
  mergePerson(from: number, into: number): void;
  /** Filters the list endpoints ignore from now on, as if the API did not know them (`email`, `candidate_ids`). */
  ignoredFilters: Set<string>;
  /** From now on at most `max` API calls per window of `windowMs`, the window starting with its first call. */
  limitRate(max: number, windowMs?: number): void;
  /** Every issued token stops working (as an hour passing would). */
  expireTokens(): void;
  tokensIssued: number;
}

const JOBS = [
  { id: 101, name: 'Mobile Engineer', status: 'open' },
  { id: 102, name: 'QA Engineer', status: 'open' },
  { id: 103, name: 'Designer', status: 'open' },
  { id: 109, name: 'Old Role', status: 'closed' },
];
const STAGES = [
  { id: 1, name: 'Application Review', priority: 0 },
  { id: 2, name: 'Phone Screen', priority: 1 },
  { id: 3, name: 'Face to Face Interview', priority: 2 },
  { id: 4, name: 'Offer', priority: 3 },
];

export async function startGreenhouseStandIn(
  clientId = 'gh-client-1',
  clientSecret = 'gh-secret-9d2e',
): Promise<GreenhouseStandIn> {
  const candidates: GreenhouseStandIn['candidates'] = [];
  const applications: GreenhouseApplication[] = [];
  let tokens = new Set<string>();
  // Ids are never given twice, deletions or not.
  const made = { candidates: 0, applications: 0 };
  let issued = 0;
  let base = '';
  const ignoredFilters = new Set<string>();
  const filter = (query: URLSearchParams, name: string) => (ignoredFilters.has(name) ? null : query.get(name));
  const rate = { max: 1000, windowMs: 10_000, resetAt: 0, used: 0 };
  const limited =
    (answer: Handler): Handler =>
    (req) => {
      if (!req.path.startsWith('/v3/')) return answer(req);
      const now = Date.now();
      if (now >= rate.resetAt) {
        rate.resetAt = Math.ceil((now + rate.windowMs) / 1000) * 1000;
        rate.used = 0;
      }
      const over = rate.used >= rate.max;
      if (!over) rate.used++;
      const headers = {
        'X-RateLimit-Limit': String(rate.max),
        'X-RateLimit-Remaining': String(rate.max - rate.used),
        'X-RateLimit-Reset': String(rate.resetAt / 1000),
      };
      if (over)
        return {
          status: 429,
          headers: { ...headers, 'Retry-After': String(Math.ceil((rate.resetAt - now) / 1000)) },
          body: { message: 'Rate limit exceeded' },
        };
      const reply = answer(req);
      return { ...reply, headers: { ...reply.headers, ...headers } };
    };
  const person = (c: GreenhouseStandIn['candidates'][number]) => ({
    id: c.id,
    first_name: c.first_name,
    last_name: c.last_name,
    created_at: c.created_at,
    email_addresses: [c.email, ...(c.other_emails ?? [])].map((value) => ({ value, type: 'personal' })),
  });
  const standIn = await startStandIn(
    limited(({ method, path, query, body, headers }): Reply => {
      if (path === '/oauth/token') {
        const basic = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
        if (
          method !== 'POST' ||
          headers.authorization !== basic ||
          (body as Record<string, string>)?.grant_type !== 'client_credentials'
        )
          return { status: 400, body: { error: 'invalid_client', error_description: 'Client authentication failed' } };
        const token = `ghtok-${++issued}`;
        tokens.add(token);
        return { body: { access_token: token, token_type: 'Bearer', expires_in: 3600 } };
      }
      const token = /^Bearer (.+)$/.exec(headers.authorization ?? '')?.[1];
      if (!token || !tokens.has(token)) return { status: 401, body: { message: 'Unauthorized' } };
      const b = (body ?? {}) as Record<string, unknown>;
      const route = path.replace(/^\/v3/, '');
      if (method === 'GET' && route === '/jobs') {
        const open = JOBS.filter((j) => !query.get('status') || j.status === query.get('status'));
        const start = Number(query.get('cursor') ?? 0);
        const limit = Math.min(Number(query.get('per_page') ?? 100), 2);
        const more = start + limit < open.length;
        return {
          body: open.slice(start, start + limit),
          headers: more
            ? {
                Link: `<${base}/v3/jobs?status=${query.get('status') ?? ''}&per_page=${limit}&cursor=${start + limit}>; rel="next"`,
              }
            : {},
        };
      }
      if (method === 'GET' && route === '/job_stages') return { body: STAGES };
      if (method === 'GET' && route === '/rejection_reasons') return { body: [{ id: 77, name: 'Not qualified' }] };
      const shown = (a: GreenhouseApplication) => ({
        id: a.id,
        candidate_id: a.candidateId,
        job_id: a.jobId,
        status: a.status,
        current_stage: STAGES.find((s) => s.id === a.stageId) ?? null,
        rejection_reason: a.rejected ? { id: 77, name: 'Not qualified' } : null,
        rejected_at: a.rejected ? a.lastActivityAt : null,
        last_activity_at: a.lastActivityAt,
      });
      if (method === 'GET' && route === '/applications') {
        const of = filter(query, 'candidate_ids')?.split(',').map(Number);
        return { body: applications.filter((a) => !of || of.includes(a.candidateId)).map(shown) };
      }
      const one = /^\/applications\/(\d+)$/.exec(route);
      if (method === 'GET' && one) {
        const row = applications.find((a) => a.id === Number(one[1]));
        return row ? { body: shown(row) } : { status: 404, body: { message: 'Resource not found' } };
      }
      if (method === 'GET' && route === '/candidates') {
        const email = filter(query, 'email')?.toLowerCase();
        const holds = (c: (typeof candidates)[number]) =>
          [c.email, ...(c.other_emails ?? [])].some((e) => e.toLowerCase() === email);
        return { body: candidates.filter((c) => !email || holds(c)).map(person) };
      }
      if (method === 'POST' && route === '/candidates') {
        const email = (b.emails as { value: string }[] | undefined)?.[0]?.value;
        if (!b.first_name || !b.last_name || !email)
          return {
            status: 422,
            body: {
              message: 'Validation error',
              errors: [{ message: 'first_name, last_name and emails are required' }],
            },
          };
        const row = {
          id: 5000 + made.candidates++,
          first_name: String(b.first_name),
          last_name: String(b.last_name),
          email,
          created_at: new Date().toISOString(),
        };
        candidates.push(row);
        return { status: 201, body: row };
      }
      if (method === 'POST' && route === '/applications') {
        if (!candidates.some((c) => c.id === b.candidate_id) || !JOBS.some((j) => j.id === b.job_id))
          return { status: 422, body: { message: 'Invalid candidate or job' } };
        const row = {
          id: 9000 + made.applications++,
          candidateId: Number(b.candidate_id),
          jobId: Number(b.job_id),
          stageId: Number(b.stage_id ?? 1),
          rejected: false,
          status: 'active' as const,
          lastActivityAt: new Date().toISOString(),
        };
        applications.push(row);
        return { status: 201, body: { id: row.id } };
      }
      const someone = /^\/candidates\/(\d+)$/.exec(route);
      if (method === 'GET' && someone) {
        const row = candidates.find((c) => c.id === Number(someone[1]));
        return row ? { body: person(row) } : { status: 404, body: { message: 'Resource not found' } };
      }
      if (method === 'DELETE' && someone) {
        const at = candidates.findIndex((c) => c.id === Number(someone[1]));
        if (at < 0) return { status: 404, body: { message: 'Resource not found' } };
        candidates.splice(at, 1);
        for (let i = applications.length - 1; i >= 0; i--)
          if (applications[i].candidateId === Number(someone[1])) applications.splice(i, 1);
        return { body: { message: `Person ${someone[1]} has been deleted.` } };
      }
      const act = /^\/applications\/(\d+)\/(move|reject|hire|unreject)$/.exec(route);
      if (method === 'POST' && act) {
        const row = applications.find((a) => a.id === Number(act[1]));
        if (!row) return { status: 404, body: { message: 'Resource not found' } };
        if (act[2] === 'hire') {
          if (row.status !== 'active')
            return { status: 422, body: { message: 'Only active applications can be hired' } };
          row.status = 'hired';
        } else if (act[2] === 'unreject') {
          if (row.status !== 'rejected')
            return { status: 422, body: { message: 'Only rejected applications can be unrejected' } };
          row.rejected = false;
          row.status = 'active';
        } else if (act[2] === 'reject') {
          if (b.rejection_reason_id !== 77) return { status: 422, body: { message: 'rejection_reason_id is invalid' } };
          row.rejected = true;
          row.status = 'rejected';
        } else {
          if (row.status !== 'active')
            return { status: 422, body: { message: 'Only active applications can be moved' } };
          if (b.from_stage_id !== row.stageId)
            return { status: 422, body: { message: 'from_stage_id is not the stage the application is in' } };
          // Without a target Greenhouse advances the application one stage.
          const order = [...STAGES].sort((x, y) => x.priority - y.priority);
          const to = b.to_stage_id ?? order[order.findIndex((s) => s.id === row.stageId) + 1]?.id;
          if (!STAGES.some((s) => s.id === to)) return { status: 422, body: { message: 'to_stage_id is invalid' } };
          row.stageId = Number(to);
        }
        row.lastActivityAt = new Date().toISOString();
        return { body: { id: row.id } };
      }
      return { status: 404, body: { message: 'Resource not found' } };
    }),
  );
  base = standIn.url;
  Object.defineProperty(standIn, 'tokensIssued', { get: () => issued, enumerable: true });
  return Object.assign(standIn, {
    clientId,
    clientSecret,
    tokenUrl: `${standIn.url}/oauth/token`,
    apiUrl: `${standIn.url}/v3`,
    candidates,
    applications,
    ignoredFilters,
    limitRate: (max: number, windowMs = 10_000) => {
      Object.assign(rate, { max, windowMs, resetAt: 0, used: 0 });
    },
    expireTokens: () => {
      tokens = new Set();
    },
    deleteApplication: (id: number) => {
      applications.splice(
        applications.findIndex((a) => a.id === id),
        1,
      );
    },
    deletePerson: (id: number) => {
      candidates.splice(
        candidates.findIndex((c) => c.id === id),
        1,
      );
      for (let i = applications.length - 1; i >= 0; i--)
        if (applications[i].candidateId === id) applications.splice(i, 1);
    },
    mergePerson: (from: number, into: number) => {
      const gone = candidates.splice(
        candidates.findIndex((c) => c.id === from),
        1,
      )[0];
      const survivor = candidates.find((c) => c.id === into)!;
      survivor.other_emails = [...(survivor.other_emails ?? []), gone.email];
      for (const a of applications) if (a.candidateId === from) a.candidateId = into;
    },
  }) as GreenhouseStandIn;
}
