/**
 * The states and answers of an AI match run (spec sections 1, 3 and 9), shared by the entities,
 * the job, the routes and the portal. A run is read into requirements first and waits in
 * `review` for the admin to confirm or edit them; confirming queues it.
 */
export const MATCH_STATUS = {
  review: 1,
  queued: 2,
  retrieving: 3,
  judging: 4,
  done: 5,
  failed: 6,
  cancelled: 7,
} as const;
export type MatchStatus = keyof typeof MATCH_STATUS;

/** States a run can still be cancelled in; `done`, `failed` and `cancelled` are final. */
export const MATCH_OPEN: readonly number[] = [
  MATCH_STATUS.review,
  MATCH_STATUS.queued,
  MATCH_STATUS.retrieving,
  MATCH_STATUS.judging,
];

export const MATCH_SOURCE = { text: 1, file: 2, project: 3 } as const;

/** Who wrote a run's verdicts: a language model (LLM_MODEL) or the product's own matcher. */
export const MATCH_JUDGE = { model: 1, product: 2 } as const;

export const RECOMMENDATIONS = ['strong_yes', 'yes', 'maybe', 'no'] as const;
export type Recommendation = (typeof RECOMMENDATIONS)[number];
export const RECOMMENDATION = { strong_yes: 1, yes: 2, maybe: 3, no: 4 } as const;

/**
 * Why a candidate has no verdict: below the judged top N; no longer one a match may assess when
 * their turn came (`unavailable`: consent to AI match withdrawn, paused, erased, or outside the
 * run's filters now); their profile holds text addressed to the model (`addressedToModel`: not sent, the text quoted
 * in the detail); the model's call failed in one of these ways; or the run was cancelled.
 */
export const NOT_JUDGED = [
  'belowTop',
  'unavailable',
  'addressedToModel',
  'timeout',
  'rateLimited',
  'serverError',
  'malformed',
  'failed',
  'cancelled',
] as const;
export type NotJudged = (typeof NOT_JUDGED)[number];

export const keyOf = <T extends Record<string, number>>(values: T, n: number | null | undefined): keyof T | null =>
  (Object.entries(values).find(([, v]) => v === n)?.[0] as keyof T | undefined) ?? null;

/** The fewest characters a job description holds (trimmed) for a match to start from it. */
export const JOB_DESCRIPTION_MIN = 20;

/**
 * The most entries each list of a run's requirements holds, as the admin confirms them: more is refused as
 * `requirements.<list>.errors.tooMany`, and the page stops adding at the cap.
 */
export const REQUIREMENT_CAPS = {
  skills: 50,
  jobTitles: 10,
  languages: 10,
  locations: 20,
  countries: 30,
  rightToWorkIn: 20,
} as const;
export type CappedRequirement = keyof typeof REQUIREMENT_CAPS;
