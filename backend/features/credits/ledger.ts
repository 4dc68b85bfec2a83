/**
 * The credit ledger: the only way credits move. Every function takes the caller's transaction,
 * locks the company's row first (so any number of simultaneous movements for one company run one
 * after another and the balance never goes below zero), changes lots and appends one log entry
 * per movement with the balance after. Amounts are whole halves (a guarantee costs 0.5), stored as
 * exact numerics. A company's balance is the sum of the remaining amounts of its unexpired lots
 * (a lot is valid through its expiry date, in UTC).
 *
 * The exported API:
 *   grantCredits(trx, { companyId, amount, expiryDate?, source, actor, note? })         → { lotId, logId, balanceAfter }
 *   updateCredits(trx, { companyId, lotId, amount, expiryDate?, actor })                → { lotId, logId, balanceAfter }
 *   deleteCredits(trx, { companyId, lotId, actor })                                     → { lotId, logId, balanceAfter }
 *   spendCredits(trx, { companyId, amount, action, projectId?, actor, idempotencyKey }) → SpendResult
 *   expireLots(trx, today?)                                                             → number of lots written off
 *   balanceOf(trx, companyId)                                                           → number (credits)
 *   reclaimCredits(trx, { companyId, lotId, amount, note })  (reclaim.ts: refunds)      → ReclaimResult
 *   ledgerMismatches(knex)                                                              → companies whose log and lots disagree
 *
 * spendCredits is what the plans charge (PLAN_CHARGES in schema/rules/credits.ts: activation 1 with
 * action 'projectCreation', upgrade 1 'projectUpgrade', renewal 1 per 30 days 'projectRenewal',
 * guarantee 0.5 'guaranteeCandidate'): it takes from the lot that expires first, refuses with
 * `credits.errors.insufficient` (HTTP 409) and changes nothing when the balance cannot cover the
 * amount, and charges once per idempotency key (a repeat answers `{ replayed: true }` with the
 * first charge's entry). While the company's free trial runs (companies.trial_ends_at, 30 days
 * from approval) a plan charge costs nothing: it is logged with amount 0 and the note 'Free trial'.
 * Because it runs in the caller's transaction, a failure after it (e.g. the project change) rolls
 * the charge back too. A charge that takes the balance below LOW_CREDITS queues the company's
 * `creditsLow` notification (backend/features/notifications/credits.ts) in the same transaction.
 */
import type { Knex } from 'knex';
import {
  CHARGE_ACTIONS,
  CREDIT_ACTIONS,
  expiryDateError,
  expiryWindow,
  fromHalves,
  isWholeHalves,
  noOfCreditsError,
  toHalves,
  updatedCreditsError,
  updatedExpiryError,
  type ChargeAction,
  type CreditAction,
} from '../../../schema/rules/credits';
import { formatDate } from '../../../schema/rules/dates';
import { actorRefs, type Actor } from '../../../schema/roles';
import { t } from '../../../i18n';
import { AppError, badRequest } from '../../errors';
import { queueLowCreditsNotice } from '../notifications';
import { takeFromLots } from './lots';

type Trx = Knex | Knex.Transaction;

/** Who moves credits: a signed-in person, or the product itself (scheduled jobs, payment webhooks). */
export type LedgerActor = Actor | 'system';

export const LOT_SOURCES = { admin: 1, card: 2, orderForm: 3 } as const;
export type LotSource = keyof typeof LOT_SOURCES;

export interface Movement {
  lotId: number | null;
  logId: number;
  balanceAfter: number;
}

export interface SpendResult {
  logId: number;
  /** Credits taken (0 during the free trial). */
  charged: number;
  balanceAfter: number;
  /** True when this idempotency key had already been charged: nothing moved this time. */
  replayed: boolean;
  /** True when the free trial paid for it. */
  trial: boolean;
}

/** Today in UTC, as PostgreSQL sees it in this transaction. */
const TODAY = "(now() at time zone 'utc')::date";

function insufficient(needed: number, balance: number): AppError {
  return new AppError(
    409,
    'credits.errors.insufficient',
    t('credits.errors.insufficient', { needed, balance }),
    undefined,
    { needed, balance },
  );
}

/**
 * Locks the company for this transaction: the one order every movement for a company follows.
 * `FOR NO KEY UPDATE`, not `FOR UPDATE`: a transaction that just inserted a project holds the key
 * share lock its foreign key takes on the company, and `FOR UPDATE` waits on every other such
 * holder, so parallel paid activations deadlocked; this lock waits only for the other movements.
 */
export async function lockCompany(trx: Trx, companyId: number): Promise<{ onTrial: boolean }> {
  const row = await trx('companies')
    .where('id', companyId)
    .forNoKeyUpdate()
    .first('id', trx.raw(`coalesce(trial_ends_at >= ${TODAY}, false) as on_trial`));
  if (!row) throw badRequest({ companyId: 'company.errors.notFound' });
  return { onTrial: row.on_trial === true };
}

/** The balance in halves. */
export async function balanceHalves(trx: Trx, companyId: number): Promise<number> {
  const row = await trx('credit_lots')
    .where('company_id', companyId)
    .whereNull('deleted_at')
    .whereRaw(`expiry_date >= ${TODAY}`)
    .first(trx.raw('coalesce(sum(remaining), 0)::text as balance'));
  return toHalves(row.balance);
}

/** A company's balance in credits: the sum of the remaining amounts of its unexpired lots. */
export async function balanceOf(trx: Trx, companyId: number): Promise<number> {
  return fromHalves(await balanceHalves(trx, companyId));
}

async function actorColumns(trx: Trx, actor: LedgerActor): Promise<Record<string, unknown>> {
  if (actor === 'system') return { by_name: 'System' };
  const { adminId, userId } = actorRefs(actor);
  if (adminId) {
    const a = await trx('admins').where('id', adminId).first('first_name', 'last_name');
    return { by_admin_id: adminId, by_name: a ? `${a.first_name} ${a.last_name}`.trim() : null };
  }
  if (userId) {
    const u = await trx('company_users').where('id', userId).first('first_name', 'last_name', 'email');
    return { by_user_id: userId, by_name: u ? [u.first_name, u.last_name].filter(Boolean).join(' ') || u.email : null };
  }
  return { by_name: 'System' };
}

interface LogEntry {
  companyId: number;
  action: CreditAction;
  halves: number;
  lotId?: number | null;
  projectId?: number | null;
  idempotencyKey?: string | null;
  note?: string | null;
  actor: LedgerActor;
}

/** Appends one log entry with the balance after it (the log is never updated or deleted). */
export async function appendLog(trx: Trx, entry: LogEntry): Promise<Movement> {
  const balance = await balanceHalves(trx, entry.companyId);
  const [row] = await trx('credit_logs')
    .insert({
      company_id: entry.companyId,
      action: CREDIT_ACTIONS[entry.action],
      amount: fromHalves(entry.halves),
      balance_after: fromHalves(balance),
      lot_id: entry.lotId ?? null,
      project_id: entry.projectId ?? null,
      idempotency_key: entry.idempotencyKey ?? null,
      note: entry.note ?? null,
      ...(await actorColumns(trx, entry.actor)),
    })
    .returning('id');
  return { lotId: entry.lotId ?? null, logId: row.id as number, balanceAfter: fromHalves(balance) };
}

function checkAmount(amount: unknown): number {
  const error = noOfCreditsError(amount);
  if (error) throw badRequest({ noOfCredits: error });
  return Number(amount);
}

function checkExpiry(expiryDate: string | undefined | null): string {
  const error = expiryDateError(expiryDate);
  if (error) throw badRequest({ expiryDate: error });
  return expiryDate || expiryWindow().default;
}

/** Adds a lot: an admin's grant (action 1) or a purchase paid by card or order form (action 9). */
export async function grantCredits(
  trx: Trx,
  input: {
    companyId: number;
    amount: number;
    expiryDate?: string | null;
    source: LotSource;
    actor: LedgerActor;
    note?: string;
  },
): Promise<Movement> {
  const amount = checkAmount(input.amount);
  const expiryDate = checkExpiry(input.expiryDate);
  await lockCompany(trx, input.companyId);
  const [lot] = await trx('credit_lots')
    .insert({
      company_id: input.companyId,
      quantity: amount,
      remaining: amount,
      expiry_date: expiryDate,
      source: LOT_SOURCES[input.source],
      last_moved_at: trx.fn.now(),
    })
    .returning('id');
  const action: CreditAction = input.source === 'admin' ? 'addedByAdmin' : 'addedByCompanyUser';
  return appendLog(trx, {
    companyId: input.companyId,
    action,
    halves: amount * 2,
    lotId: lot.id,
    actor: input.actor,
    note: input.note,
  });
}

async function lockLot(trx: Trx, companyId: number, lotId: number) {
  const lot = await trx('credit_lots')
    .where({ id: lotId, company_id: companyId })
    .whereNull('deleted_at')
    .forUpdate()
    .first('id', 'remaining', 'quantity', 'expiry_date', trx.raw(`expiry_date < ${TODAY} as expired`));
  if (!lot)
    throw new AppError(404, 'credits.errors.idNotFound', undefined, { creditDataId: 'creditDataId.errors.notFound' });
  return lot;
}

/**
 * An admin sets what remains of a lot and its expiry: the amount and expiry rules apply only to what
 * changes (`updatedCreditsError`, `updatedExpiryError`), so a lot holding 9.5 after a guarantee, or
 * expiring today, can still have its other field moved. The log records the difference (action 2),
 * and a changed expiry in its note ('Expiry 1 Jan 2027 → 1 Jan 2031'), so an expiry-only update
 * (a difference of 0) still says what changed. A lot past its expiry date is refused (409
 * `credits.errors.lotExpired`): its credits already left the balance (or will at the daily write-off),
 * so an update would log a change the balance never saw.
 */
export async function updateCredits(
  trx: Trx,
  input: { companyId: number; lotId: number; amount: number; expiryDate?: string | null; actor: LedgerActor },
): Promise<Movement> {
  await lockCompany(trx, input.companyId);
  const lot = await lockLot(trx, input.companyId, input.lotId);
  if (lot.expired) throw new AppError(409, 'credits.errors.lotExpired', t('credits.errors.lotExpired'));
  const amountError = updatedCreditsError(input.amount, fromHalves(toHalves(lot.remaining)));
  const expiryError = input.expiryDate ? updatedExpiryError(input.expiryDate, lot.expiry_date) : null;
  if (amountError || expiryError)
    throw badRequest({
      ...(amountError ? { noOfCredits: amountError } : {}),
      ...(expiryError ? { expiryDate: expiryError } : {}),
    });
  const amount = Number(input.amount);
  const expiryDate = input.expiryDate || undefined;
  const delta = toHalves(amount) - toHalves(lot.remaining);
  await trx('credit_lots')
    .where('id', lot.id)
    .update({
      remaining: amount,
      quantity: fromHalves(toHalves(lot.quantity) + delta),
      ...(expiryDate ? { expiry_date: expiryDate } : {}),
      last_moved_at: trx.fn.now(),
      updated_at: trx.fn.now(),
    });
  const moved = expiryDate && expiryDate !== lot.expiry_date;
  return appendLog(trx, {
    companyId: input.companyId,
    action: 'updatedByAdmin',
    halves: delta,
    lotId: lot.id,
    actor: input.actor,
    note: moved ? `Expiry ${formatDate(lot.expiry_date)} → ${formatDate(expiryDate)}` : null,
  });
}

/** An admin removes a lot: what remained of it leaves the balance (action 3). */
export async function deleteCredits(
  trx: Trx,
  input: { companyId: number; lotId: number; actor: LedgerActor },
): Promise<Movement> {
  await lockCompany(trx, input.companyId);
  const lot = await lockLot(trx, input.companyId, input.lotId);
  await trx('credit_lots')
    .where('id', lot.id)
    .update({ remaining: 0, deleted_at: trx.fn.now(), last_moved_at: trx.fn.now(), updated_at: trx.fn.now() });
  return appendLog(trx, {
    companyId: input.companyId,
    action: 'deletedByAdmin',
    halves: -toHalves(lot.remaining),
    lotId: lot.id,
    actor: input.actor,
  });
}

/** Charges a company for a plan action, from the lot that expires first. See the module's docblock. */
export async function spendCredits(
  trx: Trx,
  input: {
    companyId: number;
    amount: number;
    action: ChargeAction;
    projectId?: number | null;
    actor: LedgerActor;
    idempotencyKey: string;
  },
): Promise<SpendResult> {
  if (!isWholeHalves(input.amount) || input.amount <= 0) throw badRequest({ amount: 'amount.errors.invalid' });
  if (!(CHARGE_ACTIONS as readonly string[]).includes(input.action))
    throw badRequest({ action: 'action.errors.invalid' });
  if (typeof input.idempotencyKey !== 'string' || !input.idempotencyKey || input.idempotencyKey.length > 200) {
    throw badRequest({ idempotencyKey: 'idempotencyKey.errors.required' });
  }
  const { onTrial } = await lockCompany(trx, input.companyId);
  const previous = await trx('credit_logs')
    .where('idempotency_key', input.idempotencyKey)
    .first('id', 'company_id', 'amount', 'balance_after', 'note');
  if (previous) {
    if (previous.company_id !== input.companyId) throw badRequest({ idempotencyKey: 'idempotencyKey.errors.inUse' });
    return {
      logId: previous.id,
      charged: -fromHalves(toHalves(previous.amount)),
      balanceAfter: fromHalves(toHalves(previous.balance_after)),
      replayed: true,
      trial: previous.note === 'Free trial',
    };
  }
  const base = {
    companyId: input.companyId,
    action: input.action,
    projectId: input.projectId,
    idempotencyKey: input.idempotencyKey,
    actor: input.actor,
  };
  if (onTrial) {
    const m = await appendLog(trx, { ...base, halves: 0, note: 'Free trial' });
    return { logId: m.logId, charged: 0, balanceAfter: m.balanceAfter, replayed: false, trial: true };
  }
  const needed = toHalves(input.amount);
  const balance = await balanceHalves(trx, input.companyId);
  if (balance < needed) throw insufficient(input.amount, fromHalves(balance));
  const lots = await trx('credit_lots')
    .where('company_id', input.companyId)
    .whereNull('deleted_at')
    .where('remaining', '>', 0)
    .whereRaw(`expiry_date >= ${TODAY}`)
    .orderBy([{ column: 'expiry_date' }, { column: 'id' }])
    .forUpdate()
    .select('id', 'remaining');
  const { firstLot } = await takeFromLots(trx, lots, needed);
  const m = await appendLog(trx, { ...base, halves: -needed, lotId: firstLot });
  await queueLowCreditsNotice(trx as Knex.Transaction, input.companyId, fromHalves(balance), m.balanceAfter);
  return { logId: m.logId, charged: input.amount, balanceAfter: m.balanceAfter, replayed: false, trial: false };
}

/** Writes off what remains of lots past their expiry date, one log entry per lot (action 10). Safe to run twice. */
export async function expireLots(trx: Knex, today?: string): Promise<number> {
  const day = today ? trx.raw('?::date', [today]) : trx.raw(TODAY);
  const due = await trx('credit_lots')
    .whereNull('deleted_at')
    .where('remaining', '>', 0)
    .where('expiry_date', '<', day)
    .select('id', 'company_id');
  let written = 0;
  for (const { id, company_id: companyId } of due) {
    await trx.transaction(async (t) => {
      await lockCompany(t, companyId);
      const lot = await t('credit_lots')
        .where('id', id)
        .where('remaining', '>', 0)
        .whereNull('deleted_at')
        .forUpdate()
        .first('remaining');
      if (!lot) return;
      await t('credit_lots')
        .where('id', id)
        .update({ remaining: 0, last_moved_at: t.fn.now(), updated_at: t.fn.now() });
      await appendLog(t, {
        companyId,
        action: 'expired',
        halves: -toHalves(lot.remaining),
        lotId: id,
        actor: 'system',
      });
      written += 1;
    });
  }
  return written;
}

/**
 * Companies whose log does not add up to their lots: the sum of every log amount must equal the
 * sum of every lot's remaining amount (expired or not), and the last entry's balance after must
 * be the balance now unless an unexpired-lot change since then is an expiry. Empty when the ledger agrees.
 */
export async function ledgerMismatches(knex: Knex): Promise<{ companyId: number; logged: number; held: number }[]> {
  const rows = await knex.raw(`
    with logged as (select company_id, sum(amount) as total from credit_logs group by company_id),
         held as (select company_id, sum(remaining) as total from credit_lots group by company_id)
    select coalesce(l.company_id, h.company_id) as company_id, coalesce(l.total, 0)::text as logged, coalesce(h.total, 0)::text as held
      from logged l full join held h on h.company_id = l.company_id
     where coalesce(l.total, 0) <> coalesce(h.total, 0)`);
  return rows.rows.map((r: { company_id: number; logged: string; held: string }) => ({
    companyId: r.company_id,
    logged: Number(r.logged),
    held: Number(r.held),
  }));
}
