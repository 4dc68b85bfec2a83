/**
 * The credit calls of spec section 7 that read and move credits (purchases are in purchase.ts):
 *   GET    credit               active lots (sort code 'la': last added or deducted first), page size 25
 *   GET    credit/logs          the credit log (sort code 'ca' descending, page size 25), company,
 *                               action and date filters, search; each entry names its project (its title,
 *                               whether the reader may open it, or that it was deleted: logProject.ts);
 *                               `format=csv` exports it with labels,
 *                               at most 100,000 rows (CSV_MAX_ROWS): a longer log's file ends in a row
 *                               "The CSV holds the first 100,000 of N rows. Narrow the dates or filters…"
 *                               (the dashboards' portal.dashboard.exportCut).
 *                               `from`/`to` are the reader's days: `timeZone` (the browser's IANA zone, the
 *                               zone the page shows the times in, schema/rules/dates.ts) turns them into that
 *                               zone's day boundaries in SQL; without it they are UTC days; a zone the runtime
 *                               or PostgreSQL does not know is a 400 on `timeZone`
 *   GET    credit/balance       a company's balance and lots (companies: their own)
 *   POST   credit               an admin adds credits {companyId, noOfCredits, expiryDate}; the same add by the
 *                               same admin within 2 minutes is refused with 409 (adminGrant.ts)
 *   PUT    credit/:id           an admin updates a lot {companyId, creditDataId, noOfCredits, expiryDate}; the
 *                               amount and expiry rules apply only to what changes (a lot keeps its 9.5 or
 *                               its expiry of today when the admin moves only the other); with the lot's
 *                               `updatedAt` as read (the lists answer it), a lot moved since (a charge) is
 *                               refused with 409 'errors.changedMeanwhile' and keeps what it holds
 *   DELETE credit/:creditId/:creditDataId   an admin deletes a lot (creditId: the company)
 * Moving a company's credits is changing the company's account: the write calls need `update` on
 * the company, which only admins have. Reads go through the lot and log read rules (own company).
 */
import type { Knex } from 'knex';
import { z } from 'zod';
import type { AppAbility } from '../../../schema/ability';
import { formatCount, t } from '../../../i18n';
import { csvLine } from '../../../schema/lib/csv';
import { CREDIT_ACTIONS, CREDIT_ACTION_LABELS, type CreditAction } from '../../../schema/rules/credits';
import { calendarDay, oneOf, optionalText } from '../../../schema/validation/inputs';
import { containsPattern, textContains } from '../../db/textMatch';
import { defineEndpoint } from '../../endpoints/define';
import { scopeQuery } from '../../permissions/sql';
import { badRequest } from '../../errors';
import { readersZone } from '../../services/zones';
import { assertCurrentRow } from '../../crud/staleness';
import { balanceOf, deleteCredits, lockCompany, updateCredits } from './ledger';
import { addAdminCredits } from './adminGrant';
import { expiryDate, lotCredits, lotExpiry, noOfCredits, refOf } from './inputs';
import { withLogProject, logProjectOut, projectText } from './logProject';

const ACTION_LABEL = Object.fromEntries(
  Object.entries(CREDIT_ACTIONS).map(([k, v]) => [v, CREDIT_ACTION_LABELS[k as CreditAction]]),
);
const TODAY = "(now() at time zone 'utc')::date";
// Spec section 5: a page below 1 is the first, a page size below 1 the default.
const page = z.coerce
  .number()
  .int()
  .max(100000)
  .transform((n) => Math.max(1, n))
  .default(1);
const pageSize = z.coerce
  .number()
  .int()
  .max(100)
  .transform((n) => (n < 1 ? 25 : n))
  .default(25);
/** The most rows the CSV export holds; a log of more gets a last row saying the file holds the first CSV_MAX_ROWS. */
const CSV_MAX_ROWS = 100_000;
const day = calendarDay.optional();

function pagination(currentPage: number, size: number, total: number) {
  return { currentPage, pageSize: size, pagesCount: Math.ceil(total / size), dataCount: total };
}

const lotColumns = [
  'l.id',
  'l.company_id',
  'c.company_name',
  'l.quantity',
  'l.remaining',
  'l.expiry_date',
  'l.source',
  'l.created_at',
  'l.last_moved_at',
  'l.updated_at',
];

function lotOut(r: Record<string, unknown>) {
  return {
    creditId: `Company:${r.company_id}`,
    creditDataId: `Credit:${r.id}`,
    companyId: `Company:${r.company_id}`,
    company: r.company_name,
    noOfCredits: Number(r.remaining),
    quantity: Number(r.quantity),
    added: r.created_at,
    expiryDate:
      typeof r.expiry_date === 'string' ? r.expiry_date : new Date(r.expiry_date as Date).toISOString().slice(0, 10),
    lastAddedOrDeducted: r.last_moved_at,
    // The version a lot's update sends back: a lot moved since (a charge, another admin) is refused (crud/staleness.ts).
    updatedAt: r.updated_at,
  };
}

const listQuery = z
  .object({
    page,
    pageSize,
    // A sort value the list does not offer falls back to its default (spec section 7); an unknown filter is still a 400.
    sortBy: z.enum(['la', 'ea', 'ca']).catch('la'),
    sortDir: z.enum(['asc', 'desc']).catch('desc'),
    companyId: refOf('company', 'company').optional(),
    search: optionalText(100),
  })
  .strict();

const logQuery = z
  .object({
    page,
    pageSize,
    sortBy: z.enum(['ca']).catch('ca'),
    sortDir: z.enum(['asc', 'desc']).catch('desc'),
    companyId: refOf('company', 'company').optional(),
    action: oneOf(Object.values(CREDIT_ACTIONS)).optional(),
    from: day,
    to: day,
    timeZone: z.preprocess((v) => (v === '' ? undefined : v), z.string().max(64).optional()),
    search: optionalText(100),
    format: z.enum(['json', 'csv']).default('json'),
  })
  // A filter the log does not know is refused at its name, not ignored (`companyName=…` listed every company's moves).
  .strict();

const SORT_COLUMN = { la: 'l.last_moved_at', ea: 'l.expiry_date', ca: 'l.created_at' } as const;

/**
 * The credit log as the caller may read it, newest first or oldest first, filtered by company, action,
 * dates and text: a page of it, or the whole of it (up to 100,000 rows) as CSV text.
 */
export async function creditLog(knex: Knex, ability: AppAbility, query: z.output<typeof logQuery>) {
  if (query.from && query.to && query.from > query.to) throw badRequest({ to: 'to.errors.beforeFrom' });
  const base = knex('credit_logs as g').join('companies as c', 'c.id', 'g.company_id');
  scopeQuery(base, ability, 'read', 'CreditLog', 'g');
  if (query.companyId) base.where('g.company_id', query.companyId);
  if (query.action) base.where('g.action', query.action);
  // The reader's days (UTC days when no zone is named), whatever the session's zone.
  const zone = await readersZone(knex, query.timeZone);
  if (query.from) base.whereRaw('g.created_at >= (?::date)::timestamp at time zone ?', [query.from, zone]);
  if (query.to) base.whereRaw('g.created_at < (?::date + 1)::timestamp at time zone ?', [query.to, zone]);
  if (query.search) {
    const like = containsPattern(query.search);
    base.where((w) =>
      w
        .whereRaw(textContains('c.company_name'), [like])
        .orWhereRaw(textContains('g.by_name'), [like])
        .orWhereRaw(textContains('g.note'), [like]),
    );
  }
  const select = withLogProject(base.clone(), knex, ability)
    .select(
      'g.id',
      'g.created_at',
      'g.action',
      'g.amount',
      'g.balance_after',
      'g.by_name',
      'g.company_id',
      'c.company_name',
      'g.project_id',
      'g.note',
    )
    .orderBy([
      { column: 'g.created_at', order: query.sortDir },
      { column: 'g.id', order: query.sortDir },
    ]);
  const out = (r: Record<string, unknown>) => ({
    id: `CreditLog:${r.id}`,
    timestamp: r.created_at,
    action: r.action,
    actionLabel: ACTION_LABEL[r.action as number],
    credits: Number(r.amount),
    balanceAfter: Number(r.balance_after),
    by: r.by_name,
    companyId: `Company:${r.company_id}`,
    company: r.company_name,
    ...logProjectOut(r),
    note: r.note,
  });
  if (query.format === 'csv') {
    const rows = await select.limit(CSV_MAX_ROWS + 1);
    const header = ['Date (UTC)', 'Action', 'Credits', 'Balance after', 'By', 'Company', 'Project', 'Note'];
    const lines = rows
      .slice(0, CSV_MAX_ROWS)
      .map(out)
      .map((r) =>
        csvLine([
          r.timestamp,
          r.actionLabel,
          r.credits,
          r.balanceAfter,
          r.by,
          r.company,
          projectText(r.project),
          r.note,
        ]),
      );
    // Cut short: said in a last row, in the dashboards' words, never silently.
    if (rows.length > CSV_MAX_ROWS) {
      const [{ count }] = await base.clone().count({ count: '*' });
      const cut = { n: formatCount(CSV_MAX_ROWS), total: formatCount(Number(count)) };
      lines.push(csvLine([t('portal.dashboard.exportCut', cut)]));
    }
    return { csv: [csvLine(header), ...lines].join('\r\n') + '\r\n' };
  }
  const [{ count }] = await base.clone().count({ count: '*' });
  const rows = await select.limit(query.pageSize).offset((query.page - 1) * query.pageSize);
  return { data: rows.map(out), pagination: pagination(query.page, query.pageSize, Number(count)) };
}

export const creditEndpoints = [
  defineEndpoint({
    method: 'get',
    path: '/credit',
    summary: 'Active credit lots, last added or deducted first',
    access: { action: 'read', subject: 'Credit' },
    input: { query: listQuery },
    handler: async ({ query, ability, ctx }) => {
      const base = ctx
        .knex('credit_lots as l')
        .join('companies as c', 'c.id', 'l.company_id')
        .whereNull('l.deleted_at')
        .where('l.remaining', '>', 0);
      base.whereRaw(`l.expiry_date >= ${TODAY}`);
      scopeQuery(base, ability, 'read', 'Credit', 'l');
      if (query.companyId) base.where('l.company_id', query.companyId);
      if (query.search) base.whereRaw(textContains('c.company_name'), [containsPattern(query.search)]);
      const [{ count }] = await base.clone().count({ count: '*' });
      const rows = await base
        .select(lotColumns)
        .orderByRaw(`${SORT_COLUMN[query.sortBy]} ${query.sortDir} nulls last, l.id ${query.sortDir}`)
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize);
      return { data: rows.map(lotOut), pagination: pagination(query.page, query.pageSize, Number(count)) };
    },
  }),

  defineEndpoint({
    method: 'get',
    path: '/credit/logs',
    summary: 'The credit log, newest first, or its CSV export',
    access: { action: 'read', subject: 'CreditLog' },
    input: { query: logQuery },
    raw: true,
    handler: async ({ query, ability, ctx, res }) => {
      const log = await creditLog(ctx.knex, ability, query);
      if (!('csv' in log)) return void res.json(log);
      res.setHeader('Content-Type', 'text/csv; charset=utf-8');
      res.setHeader('Content-Disposition', 'attachment; filename="credit-log.csv"');
      // A byte-order mark, so a spreadsheet reads the names as UTF-8 (Zürich, not ZÃ¼rich), as the dashboards' CSVs do.
      res.send(`\ufeff${log.csv}`);
    },
  }),

  defineEndpoint({
    method: 'get',
    path: '/credit/balance',
    summary: "A company's balance and unexpired lots",
    access: { action: 'read', subject: 'Credit' },
    input: { query: z.object({ companyId: refOf('company', 'company').optional() }) },
    handler: async ({ query, actor, ability, ctx }) => {
      const companyId = query.companyId ?? actor.companyId;
      if (!companyId) throw badRequest({ companyId: 'company.errors.required' });
      const company = scopeQuery(ctx.knex('companies').where('id', companyId), ability, 'read', 'Company', 'companies');
      const found = await company.first('id', 'company_name', 'company_type', 'trial_ends_at');
      if (!found) throw badRequest({ companyId: 'company.errors.notFound' });
      const lots = await ctx
        .knex('credit_lots as l')
        .join('companies as c', 'c.id', 'l.company_id')
        .where('l.company_id', companyId)
        .whereNull('l.deleted_at')
        .where('l.remaining', '>', 0)
        .whereRaw(`l.expiry_date >= ${TODAY}`)
        .orderBy([{ column: 'l.expiry_date' }, { column: 'l.id' }])
        .select(lotColumns);
      return {
        companyId: `Company:${companyId}`,
        company: found.company_name,
        companyType: found.company_type,
        trialEndsAt: found.trial_ends_at,
        balance: await balanceOf(ctx.knex, companyId),
        lots: lots.map(lotOut),
      };
    },
  }),

  defineEndpoint({
    method: 'post',
    path: '/credit',
    summary: 'An admin adds credits to a company',
    access: { action: 'update', subject: 'Company' },
    input: { body: z.object({ companyId: refOf('company', 'company'), noOfCredits, expiryDate }) },
    row: { entity: 'company', from: { body: 'companyId' }, action: 'update' },
    status: 201,
    handler: async ({ body, actor, ctx }) => {
      const moved = await ctx.knex.transaction((trx) =>
        addAdminCredits(trx, {
          companyId: body.companyId,
          amount: body.noOfCredits,
          expiryDate: body.expiryDate,
          actor,
        }),
      );
      return { msg: 'credits.messages.added', creditDataId: `Credit:${moved.lotId}`, balance: moved.balanceAfter };
    },
  }),

  defineEndpoint({
    method: 'put',
    path: '/credit/:id',
    summary: 'An admin updates what remains of a lot and its expiry',
    access: { action: 'update', subject: 'Company' },
    input: {
      params: z.object({ id: refOf('creditLot', 'creditDataId') }),
      body: z.object({
        companyId: refOf('company', 'company'),
        creditDataId: refOf('creditLot', 'creditDataId').optional(),
        noOfCredits: lotCredits,
        expiryDate: lotExpiry,
        updatedAt: z.unknown().optional(),
      }),
    },
    row: { entity: 'company', from: { body: 'companyId' }, action: 'update' },
    handler: async ({ params, body, actor, ctx }) => {
      if (body.creditDataId !== undefined && body.creditDataId !== params.id)
        throw badRequest({ creditDataId: 'creditDataId.errors.invalid' });
      const moved = await ctx.knex.transaction(async (trx) => {
        // The company first, as every movement locks it, then the lot as the dialog read it (`updatedAt`).
        await lockCompany(trx, body.companyId);
        await assertCurrentRow(trx, 'credit_lots', params.id, body);
        return updateCredits(trx, {
          companyId: body.companyId,
          lotId: params.id,
          amount: body.noOfCredits,
          expiryDate: body.expiryDate,
          actor,
        });
      });
      return { msg: 'credits.messages.updated', creditDataId: `Credit:${moved.lotId}`, balance: moved.balanceAfter };
    },
  }),

  defineEndpoint({
    method: 'delete',
    path: '/credit/:creditId/:creditDataId',
    summary: 'An admin deletes a lot',
    access: { action: 'update', subject: 'Company' },
    input: {
      params: z.object({ creditId: refOf('company', 'company'), creditDataId: refOf('creditLot', 'creditDataId') }),
    },
    row: { entity: 'company', from: { params: 'creditId' }, action: 'update' },
    handler: async ({ params, actor, ctx }) => {
      const moved = await ctx.knex.transaction((trx) =>
        deleteCredits(trx, { companyId: params.creditId, lotId: params.creditDataId, actor }),
      );
      return { msg: 'credits.messages.deleted', balance: moved.balanceAfter };
    },
  }),
];
