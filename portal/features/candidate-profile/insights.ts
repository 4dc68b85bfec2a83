/**
 * Profile insights as the page shows them: five counts (search appearances, views, shortlists,
 * interview requests, reveals of the name and contact to a company) for one of three windows, read
 * from the two insight endpoints.
 */
export type Period = 'last7Days' | 'last30Days' | 'allTime';
export const PERIODS: Period[] = ['last7Days', 'last30Days', 'allTime'];

type Windows = Record<Period, number>;

export interface InsightsAnswer {
  views: { searchAppearances: Windows; views: Windows };
  stages: { shortlists: Windows; interviewRequests: Windows; reveals: Windows };
}

export type Metric = 'searchAppearances' | 'views' | 'shortlists' | 'interviewRequests' | 'reveals';
export const METRICS: Metric[] = ['searchAppearances', 'views', 'shortlists', 'interviewRequests', 'reveals'];

export function countsFor(answer: InsightsAnswer, period: Period): Record<Metric, number> {
  return {
    searchAppearances: answer.views.searchAppearances[period] ?? 0,
    views: answer.views.views[period] ?? 0,
    shortlists: answer.stages.shortlists[period] ?? 0,
    interviewRequests: answer.stages.interviewRequests[period] ?? 0,
    reveals: answer.stages.reveals[period] ?? 0,
  };
}

/** Nothing has happened yet in any window: the page says so instead of showing a wall of zeros. */
export const nothingYet = (answer: InsightsAnswer) => METRICS.every((m) => countsFor(answer, 'allTime')[m] === 0);
