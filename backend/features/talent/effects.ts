/**
 * What a candidate's change implies beyond the row, decided by a pure function of the row before
 * and the checked change (candidateEffects), and queued as graphile-worker jobs by the one write
 * path (writeCandidates) in the transaction of the change, so a rolled-back write sends nothing.
 * Today: the "your profile is ready" invitation when `sendSetPasswordEmail` turns on, and the end
 * of the candidate's sessions when a status change bars them from signing in (auth/session.ts).
 * The invitation goes only to a candidate who may sign in (active or semi-active, spec section 4):
 * for a pending or inactive one it waits, and goes out when they become active or semi-active with
 * the flag still on; `profileReadySentAt`, stamped by the write (withEffectColumns), keeps it to once.
 * A candidate whose status leaves those who may be met (active, semi-active: visibility.ts seenStatuses) or who
 * turns hidden from companies (visibility false) has their booked interviews cancelled in the same transaction
 * (services/interviewBooking.ts cancelBookings: the time freed, the interviewer sent the calendar cancellation),
 * whichever way the change came: their own pause, the console, the status routes or the import.
 * Search indexing joins here when it exists. A change of the email or the phone keeps the one it
 * replaces in candidate_former_identifiers, read by an erasure and a copy of the data (dataRights).
 */
import type { Knex } from 'knex';
import { endBarredSessions } from '../../auth/session';
import type { Config } from '../../config';
import { entity } from '../../../schema';
import { FORMER_IDENTIFIER_KIND } from '../../../schema/entities/internal/candidateFormerIdentifier';
import { seenStatuses } from '../../../schema/rules/visibility';
import { cancelBookings } from '../../services/interviewBooking';
import { queueEmail } from '../../services/mail/outbox';
import { profileReadyEmail } from './emails';

export interface CandidateEffects {
  /** Invite the candidate to sign in: the set-password email (sign-in is by emailed code). */
  profileReady?: { email: string; firstName: string | null };
  /** The stored candidate whose status changed: their sessions end if they may no longer sign in. */
  statusChanged?: number;
  /** The email address or phone number the change replaces, kept for an erasure. */
  formerIdentifiers?: { candidate_id: number; kind: number; value: string }[];
  /** The stored candidate who may no longer be met, or is now hidden from companies: their booked interviews end. */
  bookingsEnd?: number;
}

type Data = Record<string, unknown>;

/** The statuses that may sign in (spec section 4): active and semi-active (a self-paused one signs in, but is not invited). */
const INVITED_STATUSES: unknown[] = [1, 3];
const DEFAULT_STATUS = entity('candidate').fields.status.default;
/** The statuses whose candidates may keep a booked interview: those admins meet (visibility.ts). */
const BOOKABLE_STATUSES: unknown[] = seenStatuses('admin');

/** Whether `data` written over the stored `before` ends the candidate's booked interviews. */
function endsBookings(before: Data, data: Data): boolean {
  const leaves = data.status !== undefined && !BOOKABLE_STATUSES.includes(data.status);
  const hides = data.visibility === false && before.visibility !== false;
  return (leaves && BOOKABLE_STATUSES.includes(before.status)) || hides;
}

/** Whether `data` written over `before` invites the candidate: the flag on, and they may sign in. */
function invites(before: Data | undefined, data: Data): boolean {
  if ((data.sendSetPasswordEmail ?? before?.sendSetPasswordEmail) !== true) return false;
  if (!INVITED_STATUSES.includes(data.status ?? before?.status ?? DEFAULT_STATUS)) return false;
  // Turning the flag on sends the invitation; saving it on again sends nothing, unless it has waited for the status.
  return before?.sendSetPasswordEmail !== true || before.profileReadySentAt == null;
}

/** The effects of `data` written over `before` (undefined for a new candidate). */
export function candidateEffects(before: Data | undefined, data: Data): CandidateEffects {
  const effects: CandidateEffects = {};
  if (invites(before, data)) {
    effects.profileReady = {
      email: (data.email ?? before?.email) as string,
      firstName: (data.firstName ?? before?.firstName ?? null) as string | null,
    };
  }
  if (before && data.status !== undefined && data.status !== before.status) effects.statusChanged = before.id as number;
  if (before && endsBookings(before, data)) effects.bookingsEnd = before.id as number;
  const former = before ? replacedIdentifiers(before, data) : [];
  if (former.length) effects.formerIdentifiers = former;
  return effects;
}

/** `data` with the columns its effects keep: when the invitation went out. */
export function withEffectColumns(data: Data, effects: CandidateEffects): Data {
  return effects.profileReady ? { ...data, profileReadySentAt: new Date() } : data;
}

const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** The stored email (any other spelling) and phone (any other digits) that `data` replaces or clears. */
function replacedIdentifiers(before: Data, data: Data): NonNullable<CandidateEffects['formerIdentifiers']> {
  const candidateId = before.id as number;
  const out: NonNullable<CandidateEffects['formerIdentifiers']> = [];
  const email = trimmed(before.email);
  if (email && data.email !== undefined && trimmed(data.email).toLowerCase() !== email.toLowerCase())
    out.push({ candidate_id: candidateId, kind: FORMER_IDENTIFIER_KIND.email, value: email });
  const phone = trimmed(before.phone);
  const digits = (v: unknown) => trimmed(v).replace(/\D/g, '');
  if (phone && data.phone !== undefined && digits(data.phone) !== digits(phone))
    out.push({ candidate_id: candidateId, kind: FORMER_IDENTIFIER_KIND.phone, value: phone });
  return out;
}

/** Queues the jobs of some written candidates' effects, in the caller's transaction. */
export async function queueCandidateEffects(
  trx: Knex.Transaction,
  config: Config,
  all: CandidateEffects[],
): Promise<void> {
  for (const effects of all) {
    if (effects.profileReady) {
      const { email, firstName } = effects.profileReady;
      await queueEmail(trx, { to: email, ...profileReadyEmail(config, firstName) });
    }
  }
  const former = all.flatMap((effects) => effects.formerIdentifiers ?? []);
  // In parts, so a batch of an import stays under PostgreSQL's limit on a statement's parameters.
  for (let i = 0; i < former.length; i += 5000)
    await trx('candidate_former_identifiers').insert(former.slice(i, i + 5000));
  const changed = all.flatMap((effects) => (effects.statusChanged === undefined ? [] : [effects.statusChanged]));
  if (changed.length) await endBarredSessions(trx, 'candidate', changed);
  const ending = all.flatMap((effects) => (effects.bookingsEnd === undefined ? [] : [effects.bookingsEnd]));
  for (let i = 0; i < ending.length; i += 5000)
    await cancelBookings(trx, config, { candidateIds: ending.slice(i, i + 5000) });
}
