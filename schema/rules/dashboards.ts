/**
 * The period a dashboard covers, as the server reads it and the portal checks it before asking: without
 * dates the last DASHBOARD_DEFAULT_WEEKS weeks up to today; a start after the end, or a period longer than
 * DASHBOARD_MAX_DAYS, is refused at the From field.
 */
export const DASHBOARD_DEFAULT_WEEKS = 12;
export const DASHBOARD_MAX_DAYS = 2 * 366;

const DAY = 86_400_000;

export type RangeProblem = 'dashboard.errors.fromAfterTo' | 'dashboard.errors.rangeTooLong';

/** Why the inclusive range [from, to] of ISO days is refused, or undefined when it is not. */
export function rangeProblem(from: string, to: string): RangeProblem | undefined {
  if (from > to) return 'dashboard.errors.fromAfterTo';
  if ((Date.parse(to) - Date.parse(from)) / DAY > DASHBOARD_MAX_DAYS) return 'dashboard.errors.rangeTooLong';
  return undefined;
}
