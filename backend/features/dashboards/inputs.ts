/**
 * The filters every admin dashboard reads from its query string: a date range (or one week, given
 * by any of its days), a company, a project and an admin (owner or talent advocate). Weeks start on
 * Monday, in UTC, as PostgreSQL's date_trunc('week') counts them. Without dates the range is the
 * last 12 weeks up to today; a range longer than two years is refused. The logs (recruitment and
 * assignment) also read `timeZone`, the reader's IANA zone: their days are that zone's (readersZone in
 * backend/services/zones.ts, a zone unknown to the runtime or PostgreSQL being a 400 on it), UTC days without it.
 */
import { z } from 'zod';
import { DASHBOARD_DEFAULT_WEEKS, rangeProblem } from '../../../schema/rules/dashboards';
import { calendarDay, camelKeys, id } from '../../../schema/validation/inputs';
import { badRequest } from '../../errors';

export const optional = <T extends z.ZodType>(s: T) => z.preprocess((v) => (v === '' ? undefined : v), s.optional());

const DAY = 86_400_000;
// The period's rules are shared with the portal, which checks them before asking (schema/rules/dashboards.ts).
export const DEFAULT_WEEKS = DASHBOARD_DEFAULT_WEEKS;

export const filterFields = {
  from: optional(calendarDay),
  to: optional(calendarDay),
  week: optional(calendarDay),
  companyId: optional(id('company')),
  projectId: optional(id('project')),
  adminId: optional(id('admin')),
};

/** The reader's zone, whose days a log's range names (readersZone). */
export const zoneFields = { timeZone: optional(z.string().max(64)) };

export const pageFields = {
  page: optional(z.coerce.number().int().min(1).max(100000)),
  perPage: optional(z.coerce.number().int().min(1).max(500)),
};

export const filterQuery = z.preprocess(camelKeys, z.object(filterFields));
export type Filters = z.output<typeof filterQuery>;

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const mondayOf = (date: string) => {
  const ms = Date.parse(`${date}T00:00:00Z`);
  return ms - ((new Date(ms).getUTCDay() + 6) % 7) * DAY;
};

/** The inclusive range of days the filters name: [from, to], both ISO dates; by default up to `today`, an ISO day. */
export function dayRange(
  f: Pick<Filters, 'from' | 'to' | 'week'>,
  today = iso(Date.now()),
): { from: string; to: string } {
  if (f.week) {
    const monday = mondayOf(f.week);
    return { from: iso(monday), to: iso(monday + 6 * DAY) };
  }
  const to = f.to ?? today;
  const from = f.from ?? iso(mondayOf(to) - (DEFAULT_WEEKS - 1) * 7 * DAY);
  const problem = rangeProblem(from, to);
  if (problem) throw badRequest({ from: problem });
  return { from, to };
}

/** The Monday of every week the range touches, oldest first. */
export function weeksOf(range: { from: string; to: string }): string[] {
  const weeks: string[] = [];
  for (let ms = mondayOf(range.from); ms <= Date.parse(`${range.to}T00:00:00Z`); ms += 7 * DAY) weeks.push(iso(ms));
  return weeks;
}

export const pageOf = (q: { page?: number; perPage?: number }) => {
  const page = q.page ?? 1;
  const perPage = q.perPage ?? 50;
  return { page, perPage, offset: (page - 1) * perPage };
};

export const pagination = (page: number, perPage: number, total: number) => ({
  currentPage: page,
  pageSize: perPage,
  pagesCount: Math.ceil(total / perPage),
  dataCount: total,
});
