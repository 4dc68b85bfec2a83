/**
 * A stand-in of Lever on loopback: its OAuth authorization server (`/authorize` approves at once
 * and sends the browser back with a code, as after the consent screen; `/oauth/token` takes the
 * code and refresh tokens, rotating them, with the client's id and secret) and its API v1 under
 * `/v1` (users, postings paged with `next`, stages, archive reasons, opportunities created as a
 * user, moved, archived and found by email). As Lever does, an opportunity for an email it
 * holds joins that contact (one person, one opportunity per posting); an opportunity is read with
 * its stage, or its archive reason (a hired reason when hired); `PUT /opportunities/:id/archived` with `reason: null`
 * unarchives it, as Lever's API does, while a stage move leaves an archived one archived. Access tokens can be expired and
 * refresh tokens revoked at will. A contact is read by id (`GET /contacts/:id`, 404 once it has no
 * opportunity left), opportunities are listed by `contact_id` as well as by email, and a new one
 * names an existing contact with `contact`; an opportunity can be deleted as a user would in Lever.
 * A recruiter's merge of two contacts is modelled as Lever does it (`mergeContacts`): the merged-away contact's
 * opportunities move, ids unchanged, to the surviving contact, which then holds the emails of both, so a list by
 * either email finds them; a read of the merged-away id (`GET /contacts/:id`) answers the survivor, while a list by
 * its `contact_id` finds nothing.
 * Scopes are Lever's: a token carries those asked for at `/authorize` (less any the test `withheld`, as
 * granted to a connection made before the product asked for them), kept through refreshes, and each
 * endpoint answers 403 without the one it needs (`<resource>:<action>:admin`, a write scope covering
 * the read). Users are paged with `limit`, `offset` and `next`/`hasNext`, as opportunities and
 * postings are; the account has its super admin and Acme's Owner (owner@acme.example.com).
 */
import { newId, startStandIn, type Reply, type StandIn } from './standIn';

export interface LeverOpportunity {
  id: string;
  contact: string;
  name: string;
  email: string;
  posting: string;
  stage: string;
  archivedReason?: string;
  origin: string;
  createdAt: number;
  lastAdvancedAt: number;
  archivedAt?: number;
}

export interface LeverStandIn extends StandIn {
  clientId: string;
  clientSecret: string;
  authUrl: string;
  apiUrl: string;
  opportunities: LeverOpportunity[];
  /** Deletes an opportunity, as a user would in Lever. */
  deleteOpportunity(id: string): void;
  /** Merges contact `from` into `into`, as a recruiter would in Lever: `from`'s opportunities move to `into`. */
  mergeContacts(from: string, into: string): void;
  /** Contacts merged away, each with the contact it was merged into. */
  merged: Map<string, string>;
  expireAccessTokens(): void;
  revokeRefreshTokens(): void;
  /** Lever's users (`GET /users`), first its super admin then Acme's Owner; a test may add one, and any of them may be acted as. */
  users: { id: string; name: string; accessRole: string; email: string; deactivatedAt?: number | null }[];
  /** Scopes left out of the grants made from now on, though asked for (a connection made before the product asked for them). */
  withheld: Set<string>;
  refreshes: number;
}

const POSTINGS = [
  { id: 'post-a', text: 'Account Executive', state: 'published' },
  { id: 'post-b', text: 'Solutions Engineer', state: 'published' },
  { id: 'post-c', text: 'Support Lead', state: 'published' },
];
const STAGES = [
  { id: 'lead-new', text: 'New lead' },
  { id: 'stage-screen', text: 'Phone screen' },
  { id: 'stage-onsite', text: 'On-site interview' },
  { id: 'stage-offer', text: 'Offer' },
];
const USER = { id: 'user-1', name: 'Lever Admin', accessRole: 'super admin', email: 'lever-admin@example.com' };
const ACME_OWNER = { id: 'user-acme', name: 'Acme Owner', accessRole: 'admin', email: 'owner@acme.example.com' };

/** The scope a call of the API needs: `<resource>:<read|write>:admin` (contacts are `contact:`). */
function scopeNeeded(method: string, route: string): string {
  const resource = /^\/([a-z_]+)/.exec(route)?.[1] ?? '';
  return `${resource === 'contacts' ? 'contact' : resource}:${method === 'GET' ? 'read' : 'write'}:admin`;
}

/** Whether `granted` allows `needed`; a write scope covers reading the same resource. */
const allows = (granted: Set<string>, needed: string) =>
  granted.has(needed) || granted.has(needed.replace(/:read:admin$/, ':write:admin'));

export async function startLeverStandIn(
  clientId = 'lever-client',
  clientSecret = 'lever-secret-51b0',
): Promise<LeverStandIn> {
  const codes = new Map<string, { redirect: string; scopes: Set<string> }>();
  const users: LeverStandIn['users'] = [{ ...USER }, { ...ACME_OWNER }];
  const withheld = new Set<string>();
  // Each token with the scopes it was granted.
  let access = new Map<string, Set<string>>();
  let refresh = new Map<string, Set<string>>();
  let refreshes = 0;
  const opportunities: LeverOpportunity[] = [];
  const merged = new Map<string, string>();
  /** The contact an id is now: a merged-away one answers its survivor. */
  const survivorOf = (id: string): string => (merged.has(id) ? survivorOf(merged.get(id)!) : id);
  /** A contact holds the emails of all its opportunities (after a merge, those of both contacts). */
  const holds = (contact: string, email: string | null) =>
    opportunities.some((o) => o.contact === contact && o.email === email);
  const issue = (scopes: Set<string>): Reply => {
    const a = `lvat-${newId()}`;
    const r = `lvrt-${newId()}`;
    access.set(a, scopes);
    refresh.set(r, scopes);
    return {
      body: { access_token: a, refresh_token: r, token_type: 'Bearer', expires_in: 3600, scope: [...scopes].join(' ') },
    };
  };
  const standIn = await startStandIn(({ method, path, query, body, headers }): Reply => {
    if (method === 'GET' && path === '/authorize') {
      const redirect = query.get('redirect_uri');
      if (
        query.get('client_id') !== clientId ||
        !redirect ||
        query.get('audience') !== 'https://api.lever.co/v1/' ||
        !query.get('scope')?.split(' ').includes('offline_access')
      )
        return { status: 400, body: { error: 'invalid_request' } };
      const code = newId();
      const asked = query
        .get('scope')!
        .split(' ')
        .filter((scope) => !withheld.has(scope));
      codes.set(code, { redirect, scopes: new Set(asked) });
      const back = new URL(redirect);
      back.searchParams.set('code', code);
      if (query.get('state')) back.searchParams.set('state', query.get('state')!);
      return { status: 302, headers: { Location: back.toString() } };
    }
    if (method === 'POST' && path === '/oauth/token') {
      const b = (body ?? {}) as Record<string, string>;
      const basic = /^Basic (.+)$/.exec(headers.authorization ?? '')?.[1];
      const [id, secret] = basic
        ? Buffer.from(basic, 'base64').toString().split(':').map(decodeURIComponent)
        : [b.client_id, b.client_secret];
      if (id !== clientId || secret !== clientSecret) return { status: 401, body: { error: 'invalid_client' } };
      if (b.grant_type === 'authorization_code') {
        const granted = codes.get(b.code);
        if (!granted || granted.redirect !== b.redirect_uri) return { status: 400, body: { error: 'invalid_grant' } };
        codes.delete(b.code);
        return issue(granted.scopes);
      }
      if (b.grant_type === 'refresh_token') {
        const scopes = refresh.get(b.refresh_token);
        if (!scopes)
          return { status: 400, body: { error: 'invalid_grant', error_description: 'refresh token revoked' } };
        refresh.delete(b.refresh_token);
        refreshes++;
        return issue(scopes);
      }
      return { status: 400, body: { error: 'unsupported_grant_type' } };
    }
    const token = /^Bearer (.+)$/.exec(headers.authorization ?? '')?.[1];
    if (!path.startsWith('/v1/')) return { status: 404, body: { code: 'ResourceNotFound' } };
    if (!token || !access.has(token))
      return { status: 401, body: { code: 'UnauthorizedError', message: 'Invalid token' } };
    const route = path.slice(3);
    const needed = scopeNeeded(method, route);
    if (!allows(access.get(token)!, needed))
      return { status: 403, body: { code: 'ForbiddenError', message: `Missing required scope: ${needed}` } };
    const b = (body ?? {}) as Record<string, unknown>;
    const asUser = users.some((u) => u.id === query.get('perform_as'));
    if (method === 'GET' && route === '/users') {
      const start = Number(query.get('offset') ?? 0);
      const end = start + Math.min(Number(query.get('limit') ?? 100), 100);
      const more = end < users.length;
      return { body: { data: users.slice(start, end), hasNext: more, ...(more ? { next: String(end) } : {}) } };
    }
    if (method === 'GET' && route === '/stages') return { body: { data: STAGES, hasNext: false } };
    if (method === 'GET' && route === '/archive_reasons')
      return {
        body: {
          data: [
            { id: 'ar-nf', text: 'Not a fit', type: 'non-hired' },
            { id: 'ar-hired', text: 'Hired', type: 'hired' },
          ].filter((r) => !query.get('type') || r.type === query.get('type')),
          hasNext: false,
        },
      };
    if (method === 'GET' && route === '/postings') {
      const start = Number(query.get('offset') ?? 0);
      const more = start + 2 < POSTINGS.length;
      return {
        body: { data: POSTINGS.slice(start, start + 2), hasNext: more, ...(more ? { next: String(start + 2) } : {}) },
      };
    }
    if (method === 'GET' && route === '/opportunities')
      return {
        body: {
          data: opportunities
            .filter((o) =>
              query.has('contact_id') ? o.contact === query.get('contact_id') : holds(o.contact, query.get('email')),
            )
            .map((o) => ({
              id: o.id,
              contact: o.contact,
              createdAt: o.createdAt,
              stage: o.stage,
              archived: o.archivedReason ? { reason: o.archivedReason, archivedAt: o.archivedAt } : null,
              applications: query.getAll('expand').includes('applications')
                ? [{ id: `app-${o.id}`, posting: o.posting }]
                : [`app-${o.id}`],
            })),
          hasNext: false,
        },
      };
    if (method === 'POST' && route === '/opportunities') {
      if (!asUser) return { status: 400, body: { code: 'BadRequestError', message: 'perform_as is required' } };
      const email = (b.emails as string[] | undefined)?.[0];
      const posting = (b.postings as string[] | undefined)?.[0];
      if (!b.name || !email || !POSTINGS.some((p) => p.id === posting))
        return { status: 400, body: { code: 'BadRequestError', message: 'name, emails and postings are required' } };
      const named = typeof b.contact === 'string' ? b.contact : undefined;
      if (named && !opportunities.some((o) => o.contact === named))
        return { status: 404, body: { code: 'ResourceNotFound', message: 'contact not found' } };
      const row: LeverOpportunity = {
        id: newId(),
        contact: named ?? opportunities.find((o) => holds(o.contact, email))?.contact ?? `contact-${newId()}`,
        name: String(b.name),
        email,
        posting: posting!,
        stage: String(b.stage ?? 'lead-new'),
        origin: String(b.origin),
        createdAt: Date.now(),
        lastAdvancedAt: Date.now(),
      };
      opportunities.push(row);
      return { status: 201, body: { data: { id: row.id, contact: row.contact } } };
    }
    const contact = /^\/contacts\/([^/]+)$/.exec(route);
    if (method === 'GET' && contact) {
      const id = survivorOf(contact[1]);
      const of = opportunities.filter((o) => o.contact === id);
      if (!of.length) return { status: 404, body: { code: 'ResourceNotFound' } };
      return { body: { data: { id, name: of[0].name, emails: [...new Set(of.map((o) => o.email))] } } };
    }
    const one = /^\/opportunities\/([^/]+)$/.exec(route);
    if (method === 'GET' && one) {
      const o = opportunities.find((x) => x.id === one[1]);
      if (!o) return { status: 404, body: { code: 'ResourceNotFound' } };
      return {
        body: {
          data: {
            id: o.id,
            contact: o.contact,
            stage: o.stage,
            archived: o.archivedReason ? { reason: o.archivedReason, archivedAt: o.archivedAt } : null,
            lastAdvancedAt: o.lastAdvancedAt,
          },
        },
      };
    }
    const act = /^\/opportunities\/([^/]+)\/(stage|archived)$/.exec(route);
    if (method === 'PUT' && act) {
      const row = opportunities.find((o) => o.id === act[1]);
      if (!row) return { status: 404, body: { code: 'ResourceNotFound' } };
      if (!asUser) return { status: 400, body: { code: 'BadRequestError', message: 'perform_as is required' } };
      if (act[2] === 'stage') {
        if (!STAGES.some((s) => s.id === b.stage))
          return { status: 400, body: { code: 'BadRequestError', message: 'unknown stage' } };
        row.stage = String(b.stage);
        row.lastAdvancedAt = Date.now();
      } else if (b.reason === null) {
        // As Lever does it: `reason: null` unarchives the opportunity (a stage move leaves it archived).
        delete row.archivedReason;
        delete row.archivedAt;
      } else {
        if (!['ar-nf', 'ar-hired'].includes(String(b.reason)))
          return { status: 400, body: { code: 'BadRequestError', message: 'unknown archive reason' } };
        row.archivedReason = String(b.reason);
        row.archivedAt = Date.now();
      }
      return { body: { data: { id: row.id } } };
    }
    return { status: 404, body: { code: 'ResourceNotFound' } };
  });
  Object.defineProperty(standIn, 'refreshes', { get: () => refreshes, enumerable: true });
  return Object.assign(standIn, {
    clientId,
    clientSecret,
    authUrl: standIn.url,
    apiUrl: `${standIn.url}/v1`,
    opportunities,
    users,
    withheld,
    merged,
    mergeContacts: (from: string, into: string) => {
      for (const o of opportunities) if (o.contact === from) o.contact = into;
      merged.set(from, into);
    },
    deleteOpportunity: (id: string) => {
      opportunities.splice(
        opportunities.findIndex((o) => o.id === id),
        1,
      );
    },
    expireAccessTokens: () => {
      access = new Map();
    },
    revokeRefreshTokens: () => {
      refresh = new Map();
    },
  }) as LeverStandIn;
}
