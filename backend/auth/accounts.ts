/**
 * The people who sign in: admins, company users, candidates and community users, found by email,
 * and the rule of which states may sign in (spec section 4: active; candidates also semi-active).
 * Every refusal names the login page's query flag, so each flow can show or redirect to it.
 */
import type { Knex } from 'knex';
import { USER_ROLES, adminTypeFromNumber, roleOfCompanyType, subRoleFromNumber, type Actor } from '../../schema/roles';
import { t } from '../../i18n';
import { AppError } from '../errors';

export type AccountKind = 'admin' | 'companyUser' | 'candidate' | 'community';
export const SESSION_KIND: Record<AccountKind, number> = { admin: 1, companyUser: 2, candidate: 3, community: 5 };
export const KIND_OF_SESSION: Record<number, AccountKind> = {
  1: 'admin',
  2: 'companyUser',
  3: 'candidate',
  5: 'community',
};
/** The kind of account behind each signed-in role. */
export const KIND_OF_ROLE: Partial<Record<Actor['role'], AccountKind>> = {
  admin: 'admin',
  company: 'companyUser',
  raasCompany: 'companyUser',
  candidate: 'candidate',
  community: 'community',
};

/** The kind of account a signed-in actor has (undefined for guests). */
export const accountKindOf = (actor: Pick<Actor, 'role'>): AccountKind | undefined => KIND_OF_ROLE[actor.role];
/** Tables of everyone who signs in: an email belongs to one of them at most. */
export const ACCOUNT_TABLES: Record<AccountKind, string> = {
  admin: 'admins',
  companyUser: 'company_users',
  candidate: 'candidates',
  community: 'community_users',
};

/** Refusal codes and the login page's query flag for each (spec section 2). */
export const REFUSAL_FLAGS = {
  'user.statusErr': 'userStatusErr',
  'user.pending': 'userPending',
  'user.invitationPending': 'userInvitationPending',
  'user.pendingActivation': 'userPendingActivation',
  'user.notActivate': 'userNotActivate',
  'user.notFound': 'userNotFound',
  'company.notFound': 'companyNotFound',
  'company.pending': 'companyPending',
  'company.notActivate': 'companyNotActivate',
  'company.roleMismatch': 'companyAndUserRoleMismatch',
  'email.exists': 'exitemail',
} as const;
export type RefusalCode = keyof typeof REFUSAL_FLAGS;

/** A login refusal: the envelope carries `flag`, the query flag the login page reads. */
export function refusal(
  code: RefusalCode,
  status = 403,
  fields?: Record<string, string>,
  values?: Record<string, string>,
): AppError {
  return new AppError(status, code, values && t(code, values), fields, { flag: REFUSAL_FLAGS[code] });
}

/**
 * A company_users row that stands for an invitation of an address with another account (its
 * `account_elsewhere_at` is set, backend/features/signup/invitations.ts) is no account: every lookup
 * by address passes it by, so its address stays its owner's.
 */
const NOT_STAND_IN = 'account_elsewhere_at';

/** The rows of a people table (ACCOUNT_TABLES) that are accounts, for a lookup by address. */
export function accountRows(knex: Knex, table: string): Knex.QueryBuilder {
  const q = knex(table);
  return table === ACCOUNT_TABLES.companyUser ? q.whereNull(NOT_STAND_IN) : q;
}

/** accountRows' condition for SQL written by hand: '' or ` and <condition>`. */
export const accountCondition = (table: string): string =>
  table === ACCOUNT_TABLES.companyUser ? ` and ${NOT_STAND_IN} is null` : '';

/**
 * Inside a transaction, waits for any other transaction asking about the same address to end (an advisory lock on
 * the address, held until this one ends): each table has its own unique index, and two accounts of different kinds
 * created at once would otherwise both find the address free.
 */
export async function lockEmail(knex: Knex, email: string): Promise<void> {
  if (knex.isTransaction)
    await knex.raw("select pg_advisory_xact_lock(hashtext('account-email:' || lower(?)))", [email]);
}

/** True when any account, of any kind, already uses this email. */
export async function emailTaken(
  knex: Knex,
  email: string,
  except?: { kind: AccountKind; id: number },
): Promise<boolean> {
  await lockEmail(knex, email);
  for (const [kind, table] of Object.entries(ACCOUNT_TABLES) as [AccountKind, string][]) {
    const q = accountRows(knex, table).where('email', email.toLowerCase()).first('id');
    if (except?.kind === kind) q.whereNot('id', except.id);
    if (await q) return true;
  }
  return false;
}

export interface Account {
  kind: AccountKind;
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  status: number;
  /** Candidates: the status is one they chose themselves (paused), not an admin's. */
  selfChosenStatus?: boolean;
  role?: number;
  profilePic?: string | null;
  isWatchedInfoVideo?: boolean;
  companyId?: number;
  companyType?: number;
  companyStatus?: number;
  companyName?: string;
  companyLogo?: string | null;
}

/**
 * The first name an email to this account may greet it by: none for a company user still pending (an invitee, whose
 * address is not proven and whose name is what an inviter typed), so nobody can have the product mail a text of their
 * choosing to an address by inviting it and then asking for a code, a link or a notice to it.
 */
export const greetingName = (account: Pick<Account, 'kind' | 'status' | 'firstName'>): string | null =>
  account.kind === 'companyUser' && account.status === 0 ? null : account.firstName;

export async function findAccountByEmail(knex: Knex, email: string): Promise<Account | undefined> {
  return (await findAccount(knex, { email })) ?? undefined;
}

type PersonRow = Record<string, unknown> & {
  id: number;
  email: string;
  first_name: string | null;
  last_name: string | null;
  status: number;
};

/** The fields every kind of person shares, read from a snake_case row. */
function person(kind: AccountKind, row: PersonRow): Account {
  const account: Account = {
    kind,
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    status: row.status,
  };
  if (row.role !== undefined) account.role = row.role as number;
  if (row.profile_pic !== undefined) account.profilePic = row.profile_pic as string | null;
  if (row.is_watched_info_video !== undefined) account.isWatchedInfoVideo = row.is_watched_info_video as boolean;
  return account;
}

const PERSON = ['id', 'email', 'first_name', 'last_name', 'status'];

/** The query that reads one kind of account (the row's `id` is `<alias>.id`), and the alias of its table. */
function accountQuery(knex: Knex, kind: AccountKind): { query: Knex.QueryBuilder; alias: string } {
  switch (kind) {
    case 'admin':
      return {
        alias: 'admins',
        query: knex('admins').select(...PERSON, 'role', 'profile_pic', 'is_watched_info_video'),
      };
    case 'companyUser':
      return {
        alias: 'u',
        query: knex('company_users as u')
          .join('companies as c', 'c.id', 'u.company_id')
          .whereNull(`u.${NOT_STAND_IN}`)
          .select(
            ...[...PERSON, 'role', 'profile_pic', 'is_watched_info_video', 'company_id'].map((c) => `u.${c}`),
            'c.company_type',
            'c.status as company_status',
            'c.company_name',
            'c.company_logo',
          ),
      };
    case 'candidate':
      return { alias: 'candidates', query: knex('candidates').select(...PERSON, 'self_chosen_status') };
    case 'community':
      return { alias: 'community_users', query: knex('community_users').select(...PERSON) };
  }
}

/** An account from the row its kind's query read. */
export function accountOf(kind: AccountKind, row: PersonRow): Account {
  switch (kind) {
    case 'companyUser':
      return {
        ...person(kind, row),
        companyId: row.company_id as number,
        companyType: row.company_type as number,
        companyStatus: row.company_status as number,
        companyName: row.company_name as string,
        companyLogo: row.company_logo as string | null,
      };
    case 'candidate':
      return { ...person(kind, row), selfChosenStatus: row.self_chosen_status as boolean };
    default:
      return person(kind, row);
  }
}

export async function findAccount(
  knex: Knex,
  key: { email: string } | { kind: AccountKind; id: number },
): Promise<Account | undefined> {
  const kinds: AccountKind[] = 'kind' in key ? [key.kind] : ['admin', 'companyUser', 'candidate', 'community'];
  for (const kind of kinds) {
    const { query, alias } = accountQuery(knex, kind);
    const row = (await query
      .where('email' in key ? { [`${alias}.email`]: key.email.toLowerCase() } : { [`${alias}.id`]: key.id })
      .first()) as PersonRow | undefined;
    if (row) return accountOf(kind, row);
  }
  return undefined;
}

/** The account of a session's person, read by kind (the same on every request: built once per kind of database). */
const sessionAccountsSql = new Map<string, { sql: string; bindings: readonly unknown[] }>();

function sessionAccounts(knex: Knex): { sql: string; bindings: readonly unknown[] } {
  const dialect = String(knex.client.config.client);
  let built = sessionAccountsSql.get(dialect);
  if (!built) {
    const accounts = (Object.keys(SESSION_KIND) as AccountKind[]).map((kind) => {
      const { query, alias } = accountQuery(knex, kind);
      const { sql, bindings } = query.whereRaw(`${alias}.id = s.actor_id`).limit(1).toSQL();
      return { sql: `when ${SESSION_KIND[kind]} then (select to_json(a) from (${sql}) a)`, bindings };
    });
    built = { sql: accounts.map((a) => a.sql).join(' '), bindings: accounts.flatMap((a) => a.bindings) };
    sessionAccountsSql.set(dialect, built);
  }
  return built;
}

/**
 * The live session of a token's hash with its account, in one statement (every signed-in request
 * reads it): the account as its kind's query reads it, or null when the account is gone.
 */
export async function findSession(
  knex: Knex,
  tokenHash: string,
  /** Whether the session wrote within this many milliseconds (its row's updated_at; see auth/session.ts). */
  wroteWithinMs = 0,
): Promise<
  { id: number; kind: AccountKind | undefined; account: Account | undefined; wroteRecently: boolean } | undefined
> {
  const { sql, bindings } = sessionAccounts(knex);
  const { rows } = await knex.raw(
    `select s.id, s.actor_kind, case s.actor_kind ${sql} end as account,
            s.updated_at > now() - make_interval(secs => ?) as wrote_recently
       from sessions s where s.token_hash = ? and s.expires_at > ? limit 1`,
    [...bindings, wroteWithinMs / 1000, tokenHash, new Date()] as Knex.RawBinding[],
  );
  const row = rows[0] as
    { id: number; actor_kind: number; account: PersonRow | null; wrote_recently: boolean } | undefined;
  if (!row) return undefined;
  const kind = KIND_OF_SESSION[row.actor_kind];
  return {
    id: row.id,
    kind,
    account: kind && row.account ? accountOf(kind, row.account) : undefined,
    wroteRecently: row.wrote_recently,
  };
}

export function actorOf(account: Account): Actor {
  switch (account.kind) {
    case 'admin':
      return { role: 'admin', id: account.id, adminType: adminTypeFromNumber(account.role) };
    case 'companyUser':
      return {
        role: roleOfCompanyType(account.companyType),
        id: account.id,
        subRole: subRoleFromNumber(account.role),
        companyId: account.companyId,
      };
    case 'candidate':
      return { role: 'candidate', id: account.id };
    case 'community':
      return { role: 'community', id: account.id };
  }
}

/** Statuses each kind of account can be in; anything else is a data fault refused as user.statusErr. */
const KNOWN_STATUSES: Record<AccountKind, number[]> = {
  admin: [0, 1],
  companyUser: [0, 1, 2],
  candidate: [0, 1, 2, 3, 4],
  community: [0, 1, 2],
};

/** Throws the spec's refusal (with its login-page flag) for an account that may not sign in now. */
export function assertMaySignIn(account: Account): void {
  if (!KNOWN_STATUSES[account.kind].includes(account.status)) throw refusal('user.statusErr');
  if (account.kind === 'candidate') {
    if (account.status === 1 || account.status === 3) return;
    // A candidate who paused their own profile signs in to activate it again (spec section 4).
    if (account.status === 2 && account.selfChosenStatus) return;
    if (account.status === 4) throw refusal('user.pendingActivation');
    if (account.status === 0) throw refusal('user.pending');
    throw refusal('user.notActivate');
  }
  if (account.kind === 'companyUser') {
    if (account.companyId === undefined || account.companyStatus === undefined || account.companyStatus === null)
      throw refusal('company.notFound');
    if ((account.companyType !== 2 && account.companyType !== 4) || ![0, 1, 2].includes(account.role ?? -1))
      throw refusal('company.roleMismatch');
    if (account.companyStatus === 0) throw refusal('company.pending');
    if (account.companyStatus !== 1) throw refusal('company.notActivate');
    // Invitees become active by the link of their invitation: nobody approves them.
    if (account.status === 0)
      throw refusal('user.invitationPending', 403, undefined, { company: account.companyName ?? '' });
  }
  // A community user is pending until the link of a magic-link sign-up is opened.
  if (account.kind === 'community' && account.status === 0) throw refusal('user.pendingActivation');
  if (account.status !== 1) throw refusal('user.notActivate');
}

/** Modules each role may open ('*' = all). RaaS companies have modules 2 to 7. */
export function authorizedModules(actor: Actor): (number | string)[] {
  switch (actor.role) {
    case 'admin':
      return ['*'];
    case 'raasCompany':
      return [2, 3, 4, 5, 6, 7];
    case 'company':
      return [1, 2, 3, 5, 6, 7];
    case 'candidate':
      return [8];
    default:
      return [];
  }
}

const ID_PREFIX: Record<AccountKind, string> = {
  admin: 'Admin:',
  companyUser: 'User:',
  candidate: 'Candidate:',
  community: 'Community:',
};

/** The user object of the login and session-check responses (spec section 7). */
export function userPayload(account: Account) {
  const actor = actorOf(account);
  return {
    _id: `${ID_PREFIX[account.kind]}${account.id}`,
    email: account.email,
    firstName: account.firstName,
    lastName: account.lastName,
    userRole: USER_ROLES[actor.role],
    subUserRole: account.kind === 'companyUser' ? account.role : account.kind === 'admin' ? account.role : null,
    flowStep: null,
    companyName: account.companyName ?? null,
    company:
      account.kind === 'companyUser'
        ? { id: `Company:${account.companyId}`, logo: account.companyLogo ?? null, companyType: account.companyType }
        : null,
    profilePic: account.profilePic ?? null,
    adminId: account.kind === 'admin' ? `Admin:${account.id}` : null,
    isWatchedInfoVideo: account.isWatchedInfoVideo ?? false,
    lastScheduleData: null,
  };
}
