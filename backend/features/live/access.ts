/**
 * Who may keep a live socket, checked again whenever it may have changed. A socket's person and
 * their ability are read when it opens; a change to what they may read (an account's role, sub-role
 * or status, their company's type or status, the end of their session) raises an `access` event in
 * the changing transaction (database triggers, migration `raise_live_access_events`), which every
 * process hears like any other event. The sockets it concerns read their session again at once:
 * their ability is replaced before the next event is sent, and a person who may no longer sign in is
 * closed as signed out, the close naming why as the login page's flag (`userNotActivate`: the words a
 * refused sign-in shows). The access events themselves are never sent to pages: a socket that stays
 * is sent a bare `{type:'access'}`, no id and no subject, and its page reads its session again (its
 * menus, routes and buttons follow the new role). A project's sharing needs nothing of this: each
 * event's audience is read from its project when it is sent (events.ts).
 */
import type { Knex } from 'knex';
import type { WebSocket } from 'ws';
import { abilityFor, type AppAbility } from '../../../schema/ability';
import { ACTOR_KINDS, actorRefs, type Actor } from '../../../schema/roles';
import { AppError } from '../../errors';
import { actorOf, assertMaySignIn, findAccount, findSession, REFUSAL_FLAGS } from '../../auth/accounts';
import type { LiveEvent } from './events';

/** An open socket: its person, their ability and session, and what the hub holds for it. */
export interface LiveClient {
  ws: WebSocket;
  actor: Actor;
  ability: AppAbility;
  sessionId: number;
  /** The session token's hash, to read the session again when the person's access changes (access.ts). */
  tokenHash: string;
  /** Events that arrived while the replay after a reconnect was being read: sent after it. */
  held?: LiveEvent[];
  /** Ids the replay sent, for a while after it: their own delivery, if it comes later, is not sent again. */
  replayed?: Set<number>;
}

/**
 * Sockets one session may hold at once (a page holds one): more are refused with 429. The cap only stops a runaway
 * page or script from holding sockets without end; it must stay above the tabs a person really keeps open (a
 * recruiter keeps a board, a few profiles and the console), since a refused page hears nothing until another closes.
 * A socket costs the hub a small record and `ws` its buffers (tens of kilobytes), so twenty per session is cheap.
 */
export const MAX_SOCKETS_PER_SESSION = 20;

/** The close code of a socket whose person may no longer read the channel: the page does not reopen it. */
export const SIGNED_OUT = 4401;

/** What a socket that stays open is sent when its person's access changed: nothing of what changed. */
export const ACCESS_CHANGED = JSON.stringify({ type: 'access' });

/** Only the people of the inboxes and boards: admins and company users. */
export function mayListen(actor: Actor): boolean {
  const kind = actorRefs(actor).kind;
  return kind === ACTOR_KINDS.admin || kind === ACTOR_KINDS.companyUser;
}

/** Whether an access event (its kind says which row changed, its subject that row's id) concerns a socket. */
function concerns(e: LiveEvent, c: LiveClient): boolean {
  const { actor } = c;
  switch (e.kind) {
    case 'access.admin':
      return actorRefs(actor).adminId === e.subjectId;
    case 'access.companyUser':
      return actorRefs(actor).userId === e.subjectId;
    case 'access.company':
      return actor.companyId === e.subjectId;
    case 'access.session':
      return c.sessionId === e.subjectId;
    default:
      // An access event this code does not know: read everyone again rather than guess.
      return true;
  }
}

/** The sockets the access events concern. */
export const concerned = (events: LiveEvent[], clients: Iterable<LiveClient>): LiveClient[] =>
  [...clients].filter((c) => events.some((e) => concerns(e, c)));

/** Reads each socket's session again: a new ability, or the socket closed as signed out. */
export async function recheck(knex: Knex, clients: LiveClient[]): Promise<void> {
  const bySession = new Map<string, LiveClient[]>();
  for (const c of clients) bySession.set(c.tokenHash, [...(bySession.get(c.tokenHash) ?? []), c]);
  await Promise.all(
    [...bySession].map(async ([tokenHash, sockets]) => {
      const session = await findSession(knex, tokenHash);
      let actor: Actor | undefined;
      let reason = '';
      try {
        if (session?.account) {
          assertMaySignIn(session.account);
          actor = actorOf(session.account);
        } else reason = await whyEnded(knex, sockets[0].actor);
      } catch (err) {
        actor = undefined;
        reason = flagOf(err);
      }
      for (const c of sockets) {
        if (!actor || !mayListen(actor)) {
          c.ws.close(SIGNED_OUT, reason || 'signed out');
        } else {
          c.actor = actor;
          c.ability = abilityFor(actor);
        }
      }
    }),
  );
}

const flagOf = (err: unknown): string =>
  err instanceof AppError && typeof err.extra?.flag === 'string' ? err.extra.flag : '';

/**
 * Why a session that is gone ended, as the login page's flag: its account removed, or refused as it now is
 * (deactivated, company suspended: auth/session.ts ends those sessions). '' when the account may still sign in
 * (signed out, or the session expired).
 */
async function whyEnded(knex: Knex, actor: Actor): Promise<string> {
  const { adminId, userId } = actorRefs(actor);
  const key = adminId
    ? { kind: 'admin' as const, id: adminId }
    : userId
      ? { kind: 'companyUser' as const, id: userId }
      : undefined;
  if (!key) return '';
  const account = await findAccount(knex, key);
  if (!account) return REFUSAL_FLAGS['user.notFound'];
  try {
    assertMaySignIn(account);
    return '';
  } catch (err) {
    return flagOf(err);
  }
}
