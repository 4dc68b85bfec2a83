/**
 * The credit notifications of a company's users (all who may read the company's credits, the
 * declared `Credit` read rule), each linked to the page its reader can open (`creditsLinkFor`): a
 * RaaS company's users their own credits page, /credits/company; a normal company's users, who
 * have no credits page (spec section 2), their projects, where credits are spent (admins are not
 * among the readers; were one, the active-credits list):
 *   creditsLow       a charge took the balance below LOW_CREDITS (job `notify_credits_low`, queued
 *                    by the ledger in the charge's transaction; it tells only if the balance is
 *                    still low when it runs)
 *   creditsExpiring  lots with credits left expire within 7 days (daily job `notify_expiring_credits`):
 *                    one thread per company and expiry date, told once whatever the number of runs
 *   paymentDelayed   a card checkout completed with its payment still under way (a bank debit Stripe
 *                    confirms later): the buyer and the readers of credits, one thread per order, raised
 *                    in the transaction that marks the order awaiting (credits/buyerNotice.ts); the credits
 *                    page is linked with the order (`?order=`), where it shows the payment's state
 *   orderExpired     an order cancelled as expired, no bank transfer having come within
 *                    BANK_TRANSFER_LIFETIME_DAYS (job expire_checkouts): the people credits/buyerNotice.ts
 *                    names (the buyer and the company's Owner), in the same order's thread, linked likewise;
 *                    never emailed here, as the order's own email goes with it
 */
import { subject as asSubject } from '@casl/ability';
import type { Knex } from 'knex';
import { t } from '../../../i18n';
import { abilityFor } from '../../../schema/ability';
import type { Config } from '../../config';
import { queueJob } from '../../services/queue';
import { notify, type Notice } from './notify';
import { companyRecipients, type Recipient } from './recipients';
import { formatDate } from '../../../schema/rules/dates';
import { readerKind } from '../../../schema/roles';

/** Below this many credits a company is told its balance is low. */
export const LOW_CREDITS = 2;
export const EXPIRY_NOTICE_DAYS = 7;
/** The page each reader of credits can open (portal/app/routeRules.ts). */
export const CREDITS_LINKS = {
  admin: '/credits/active-credits',
  raasCompany: '/credits/company',
  company: '/projects',
} as const;
export const LOW_CREDITS_TASK = 'notify_credits_low' as const;

type Trx = Knex | Knex.Transaction;

/** Where a reader of a credit notification is sent: a page their role can open. */
function creditsLinkFor(r: Pick<Recipient, 'actor'>): string {
  return CREDITS_LINKS[readerKind(r.actor)];
}

/** The page about order `orderNumber` a reader can open: a RaaS company's credits page with the order, else theirs. */
export function orderLinkFor(r: Pick<Recipient, 'actor'>, orderNumber: string): string {
  const page = creditsLinkFor(r);
  return page === CREDITS_LINKS.raasCompany ? `${page}?order=${encodeURIComponent(orderNumber)}` : page;
}

/** `notify` once per link: the readers of each role get the notice linked to the page they can open. */
async function notifyReaders(
  trx: Trx,
  config: Config,
  readers: Recipient[],
  notice: Omit<Notice, 'link'>,
): Promise<number> {
  const byLink = new Map<string, Recipient[]>();
  for (const r of readers) byLink.set(creditsLinkFor(r), [...(byLink.get(creditsLinkFor(r)) ?? []), r]);
  let told = 0;
  for (const [link, group] of byLink) told += await notify(trx, config, group, { ...notice, link });
  return told;
}

async function creditReaders(trx: Trx, companyId: number): Promise<Recipient[]> {
  const people = await companyRecipients(trx, { companyId });
  return people.filter((p) => abilityFor(p.actor).can('read', asSubject('Credit', { companyId })));
}

/** Called by the ledger after a charge: queues the low-balance notice when the charge crossed LOW_CREDITS. */
export async function queueLowCreditsNotice(
  trx: Knex.Transaction,
  companyId: number,
  before: number,
  after: number,
): Promise<void> {
  if (!(before >= LOW_CREDITS && after < LOW_CREDITS)) return;
  await queueJob(trx, LOW_CREDITS_TASK, { companyId }, { maxAttempts: 5, jobKey: `credits-low:${companyId}` });
}

const balanceOf = async (trx: Trx, companyId: number): Promise<number> =>
  Number(
    (
      await trx('credit_lots')
        .where('company_id', companyId)
        .whereNull('deleted_at')
        .whereRaw("expiry_date >= (now() at time zone 'utc')::date")
        .sum('remaining as n')
        .first()
    )?.n ?? 0,
  );

/** The job: tells the company's users their balance is low, if it still is. Returns how many were told. */
export async function creditsLow(knex: Knex, config: Config, companyId: number): Promise<number> {
  return knex.transaction(async (trx) => {
    const balance = await balanceOf(trx, companyId);
    if (balance >= LOW_CREDITS) return 0;
    return notifyReaders(trx, config, await creditReaders(trx, companyId), {
      kind: 'creditsLow',
      subjectKey: `credits:low:${companyId}`,
      title: () => t('notifications.titles.creditsLow', { balance }),
    });
  });
}

/** The daily job: each company with credits expiring within 7 days hears of each expiry date once. */
export async function creditsExpiring(knex: Knex, config: Config): Promise<number> {
  const lots = (await knex('credit_lots')
    .whereNull('deleted_at')
    .where('remaining', '>', 0)
    .whereRaw("expiry_date between (now() at time zone 'utc')::date and (now() at time zone 'utc')::date + ?::int", [
      EXPIRY_NOTICE_DAYS,
    ])
    .groupBy('company_id', 'expiry_date')
    .orderBy(['company_id', 'expiry_date'])
    .select('company_id', knex.raw("to_char(expiry_date, 'YYYY-MM-DD') as expiry"))
    .sum('remaining as credits')) as { company_id: number; expiry: string; credits: string }[];
  let told = 0;
  for (const lot of lots) {
    told += await knex.transaction(async (trx) => {
      const subjectKey = `credits:expiring:${lot.company_id}:${lot.expiry}`;
      const already = new Set(
        (
          (await trx('notifications').where('subject_key', subjectKey).select('recipient_kind', 'recipient_id')) as {
            recipient_kind: number;
            recipient_id: number;
          }[]
        ).map((r) => `${r.recipient_kind}:${r.recipient_id}`),
      );
      const readers = (await creditReaders(trx, lot.company_id)).filter((r) => !already.has(`${r.kind}:${r.id}`));
      return notifyReaders(trx, config, readers, {
        kind: 'creditsExpiring',
        subjectKey,
        title: () =>
          t('notifications.titles.creditsExpiring', {
            credits: Number(lot.credits),
            date: formatDate(lot.expiry) ?? lot.expiry,
          }),
      });
    });
  }
  return told;
}

/** A card order whose payment awaits the bank: its buyer (when active) and the company's readers of credits hear of it. */
export async function paymentDelayed(
  trx: Knex.Transaction,
  config: Config,
  order: { company_id: number; user_id: number | null; order_number: string; quantity: number },
): Promise<number> {
  const companyId = order.company_id;
  const people = (await companyRecipients(trx, { companyId })).filter(
    (p) => p.id === order.user_id || abilityFor(p.actor).can('read', asSubject('Credit', { companyId })),
  );
  return notifyOfOrder(trx, config, people, order.order_number, {
    kind: 'paymentDelayed',
    title: () => t('notifications.titles.paymentDelayed', { order: order.order_number, credits: order.quantity }),
  });
}

/** An order cancelled as expired, no bank transfer having come within `days`: `people` hear of it in the app. */
export async function orderExpired(
  trx: Knex.Transaction,
  config: Config,
  people: Recipient[],
  order: { order_number: string },
  days: number,
): Promise<number> {
  return notifyOfOrder(trx, config, people, order.order_number, {
    kind: 'orderExpired',
    title: () => t('notifications.titles.orderExpired', { order: order.order_number, days }),
    email: false,
  });
}

/** The order's one thread for each of `people`, linked to the credits page they can open (with the order, where it shows it). */
async function notifyOfOrder(
  trx: Knex.Transaction,
  config: Config,
  people: Recipient[],
  orderNumber: string,
  notice: Pick<Notice, 'kind' | 'title' | 'email'>,
): Promise<number> {
  const byLink = new Map<string, Recipient[]>();
  for (const r of people) {
    const link = orderLinkFor(r, orderNumber);
    byLink.set(link, [...(byLink.get(link) ?? []), r]);
  }
  let told = 0;
  for (const [link, group] of byLink)
    told += await notify(trx, config, group, { ...notice, subjectKey: `creditOrder:${orderNumber}`, link });
  return told;
}
