/**
 * Sessions: an opaque token given to the client as a Bearer token and an httpOnly SameSite cookie;
 * only its SHA-256 is stored. Expired or revoked sessions count as signed out.
 */
import type { Request, RequestHandler, Response } from 'express';
import type { Knex } from 'knex';
import { DATA_RIGHTS_ACTIONS, ERASURE_OPEN, ERASURE_SOURCE, ERASURE_STATUS } from '../../schema/rules/dataRights';
import { actorRefs, GUEST } from '../../schema/roles';
import { readFromPrimary, writerWindowMs } from '../db/replica';
import { AppError } from '../errors';
import {
  ACCOUNT_TABLES,
  actorOf,
  assertMaySignIn,
  findAccount,
  findSession,
  SESSION_KIND,
  type Account,
  type AccountKind,
} from './accounts';
import { newToken, sha256 } from './tokens';
import { isOwnOrigin } from './origin';

export const COOKIE = 'tb_session';

/**
 * A new session for the account. `firstSignIn` is true when a company user signs in for the first time (never active
 * before: last_active_at unset), so the portal greets them once, whether they were invited or signed the company up.
 */
export async function createSession(
  knex: Knex,
  account: Account,
  ttlHours: number,
  userAgent?: string,
): Promise<{ token: string; expiresAt: Date; firstSignIn: boolean }> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + ttlHours * 3600_000);
  // Expired sessions are dead weight: each sign-in clears the person's own.
  await knex('sessions')
    .where({ actor_kind: SESSION_KIND[account.kind], actor_id: account.id })
    .where('expires_at', '<=', new Date())
    .delete();
  await knex('sessions').insert({
    token_hash: sha256(token),
    actor_kind: SESSION_KIND[account.kind],
    actor_id: account.id,
    expires_at: expiresAt,
    user_agent: userAgent?.slice(0, 512) ?? null,
  });
  let firstSignIn = false;
  if (account.kind === 'companyUser') {
    const before = await knex('company_users').where('id', account.id).first('last_active_at');
    firstSignIn = !!before && before.last_active_at === null;
  }
  if (account.kind !== 'candidate')
    await knex(ACCOUNT_TABLES[account.kind]).where('id', account.id).update({ last_active_at: knex.fn.now() });
  else await candidateBack(knex, account);
  // A company is as recently active as the latest of its people.
  if (account.kind === 'companyUser')
    await knex('companies')
      .whereIn('id', knex('company_users').select('company_id').where('id', account.id))
      .update({ last_active_at: knex.fn.now() });
  return { token, expiresAt, firstSignIn };
}

/**
 * A candidate's sign-in ends an absence the retention periods count (features/dataRights/retention.ts): it clears
 * the reminder and the archiving of that absence, and cancels an erasure request retention opened for it (cooling
 * off or held), which the data rights log records as the candidate's. Coming back is what keeps a profile: an
 * archived one stays paused until its owner activates it, and its absence is counted afresh from this sign-in.
 * An erasure the candidate or an admin asked for is left as it is.
 */
async function candidateBack(knex: Knex, account: Account): Promise<void> {
  await knex.transaction(async (trx) => {
    await trx.raw(
      `insert into candidate_activity (candidate_id, last_active_at) values (?, now())
       on conflict (candidate_id) do update set last_active_at = now(), reminded_at = null, archived_at = null`,
      [account.id],
    );
    const cancelled = (await trx('erasure_requests')
      .where({ candidate_id: account.id, source: ERASURE_SOURCE.retention })
      .whereIn('status', ERASURE_OPEN)
      .update({ status: ERASURE_STATUS.cancelled, code_hash: null, updated_at: trx.fn.now() })
      .returning('id')) as { id: number }[];
    const { kind } = actorRefs(actorOf(account));
    for (const { id } of cancelled)
      await trx('data_rights_logs').insert({
        candidate_id: account.id,
        action: DATA_RIGHTS_ACTIONS.erasureCancelled,
        actor_kind: kind ?? null,
        actor_id: account.id,
        detail: JSON.stringify({ requestId: id, source: 'retention', by: 'signIn' }),
      });
  });
}

/** What every cookie the auth routes set shares: script cannot read it, other sites' requests mostly do not carry it. */
export const cookieSafety = (req: Request) => ({
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: req.ctx.config.env === 'production',
});

export function setSessionCookie(req: Request, res: Response, token: string, expiresAt: Date): void {
  res.cookie(COOKIE, token, {
    ...cookieSafety(req),
    expires: expiresAt,
    path: '/',
  });
}

function tokenOf(req: Request): { token: string; viaCookie: boolean } | undefined {
  const header = req.get('authorization');
  if (header?.startsWith('Bearer ')) return { token: header.slice(7).trim(), viaCookie: false };
  const cookie = (req.cookies as Record<string, string> | undefined)?.[COOKIE];
  return cookie ? { token: cookie, viaCookie: true } : undefined;
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Resolves who is asking. A cookie-authenticated write must come from our own origin: SameSite
 * covers most browsers, the Origin (our Host or PUBLIC_URL's: origin.ts says what a proxy must pass)
 * and Sec-Fetch-Site checks the rest, so the cookie alone is a safe credential for the browser apps
 * and no CSRF token is needed. A session of someone who may no longer sign in (deactivated, company
 * suspended) counts as signed out; the refusal is kept in res.locals.signInRefusal so the session
 * check can name it.
 */
export const resolveActor: RequestHandler = async (req, res, next) => {
  req.actor = GUEST;
  const found = tokenOf(req);
  if (!found) return next();
  if (found.viaCookie && UNSAFE.has(req.method)) {
    const origin = req.get('origin');
    // Ours names our Host or PUBLIC_URL's (behind a proxy); 'null' and other unparsable origins are not ours (origin.ts).
    if (origin && !isOwnOrigin(origin, req.get('host'), req.ctx.config))
      return next(new AppError(403, 'errors.crossSite'));
    // Browsers also say where a request comes from; a sibling subdomain ('same-site') is another site to us.
    const site = req.get('sec-fetch-site');
    if (site && site !== 'same-origin' && site !== 'none') return next(new AppError(403, 'errors.crossSite'));
  }
  const { config, knex } = req.ctx;
  const window = config.databaseReplicaUrl ? writerWindowMs(config.replicaMaxLagMs) : 0;
  const session = await findSession(knex, sha256(found.token), window);
  const account = session?.account;
  if (!session || !account) return next();
  req.sessionId = session.id;
  if (window) await readYourWrites(req, res, session.id, session.wroteRecently);
  try {
    assertMaySignIn(account);
  } catch (err) {
    res.locals.signInRefusal = err;
    return next();
  }
  req.actor = actorOf(account);
  next();
};

/**
 * With a read replica, a person who has just written reads from the primary, where their change
 * already is: the session's updated_at is the time of its last write (set as a write starts and
 * again as it ends, so a long write is covered from both sides), and for the replica's lag bound
 * after it the session's reads go to the primary (db/replica.ts).
 */
async function readYourWrites(req: Request, res: Response, sessionId: number, wroteRecently: boolean) {
  if (wroteRecently || UNSAFE.has(req.method)) readFromPrimary();
  if (!UNSAFE.has(req.method)) return;
  const mark = () => markWritten(req.ctx.knex, { id: sessionId });
  await mark();
  res.once('finish', () => void mark().catch(() => undefined));
}

/**
 * Marks sessions as having just written (the updated_at readYourWrites reads): for the writer window
 * their reads go to the primary. A request marks its own session; a job that finishes work someone
 * started (an import) marks that person's sessions, whose reads would otherwise miss it on a lagging replica.
 */
export const markWritten = (knex: Knex, sessions: { id: number } | { actor_kind: number; actor_id: number }) =>
  knex('sessions').where(sessions).update({ updated_at: knex.fn.now() });

export async function destroySession(req: Request): Promise<void> {
  if (req.sessionId) await req.ctx.knex('sessions').where('id', req.sessionId).delete();
}

/** Whether the account may sign in as it is now (assertMaySignIn's rule, without its refusal). */
function maySignIn(account: Account): boolean {
  try {
    assertMaySignIn(account);
    return true;
  } catch {
    return false;
  }
}

/**
 * Ends every session of those of these accounts who may no longer sign in as they now are in the transaction
 * (deactivated, suspended by an admin, their company suspended or held): a session only refused at each request
 * would come back to life when the account or its company is active again. Every change of a person's status, or
 * of a company's, calls it once the change is written.
 */
export async function endBarredSessions(trx: Knex, kind: AccountKind, ids: number[]): Promise<void> {
  if (!ids.length) return;
  // Most of a bulk change's people have no session: only those who do are read.
  const signedIn = (await trx('sessions')
    .distinct('actor_id')
    .where('actor_kind', SESSION_KIND[kind])
    .whereIn('actor_id', ids)) as { actor_id: number }[];
  const barred: number[] = [];
  for (const { actor_id: id } of signedIn) {
    const account = await findAccount(trx, { kind, id });
    if (account && !maySignIn(account)) barred.push(id);
  }
  if (barred.length) await trx('sessions').where('actor_kind', SESSION_KIND[kind]).whereIn('actor_id', barred).delete();
}

/** The `after` rule of a person's writes (crud/writes.ts): a change of status ends the sessions it bars. */
export const statusChangeEndsSessions =
  (kind: AccountKind) =>
  async (ctx: { trx: Knex; id?: number }, data: Record<string, unknown>): Promise<void> => {
    if (data.status !== undefined && ctx.id !== undefined) await endBarredSessions(ctx.trx, kind, [ctx.id]);
  };
