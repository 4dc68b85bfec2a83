/**
 * Candidate rules that span fields (spec sections 3 to 5), as pure functions shared by the one
 * write path (API and bulk import alike), the CV draft and the forms. Each takes the validated write (`data`) and the row
 * before it (`existing`, empty on create), reports field errors as message keys, and writes the
 * values the rules imply (a current position ends today, 'other' source text is cleared) into
 * `data`. A rule runs only when the write touches one of its fields, so an old stored value
 * never blocks an unrelated change.
 */
import { SOURCE_OPTIONS } from '../entities/company';
import {
  CANDIDATE_STATUS,
  EDUCATION_YEARS_AHEAD,
  EXPERIENCE_MIN_DATE,
  MAX_STARRED_SKILLS,
  NOTICE_MONTHS_MAX,
  NOTICE_PERIOD_TYPES,
} from '../entities/talentOptions';
import type { FieldErrors } from '../validation/issues';
import { FIRST_ZONE, LAST_ZONE } from './dates';
import { zoneOffsetMinutes } from './timeZones';

type Data = Record<string, unknown>;

/**
 * The day the rules read as today. A browser knows its reader's zone and reads one day; the server does not, so it
 * accepts any day that is today somewhere on Earth now: a date "not in the future" is checked against the latest day
 * (UTC+14's), one "not in the past" against the earliest (UTC−12's).
 */
export interface Today {
  /** YYYY-MM-DD: the reader's day, the UTC day where the zone is not known (what a current position's end is written as). */
  date: string;
  year: number;
  /** The earliest day it is where the reader may be (UTC−12's on the server); `date` when absent. */
  earliest?: string;
  /** The latest day it is where the reader may be (UTC+14's on the server); `date` when absent. */
  latest?: string;
}

const dayAt = (now: Date, offsetMinutes: number) =>
  new Date(now.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 10);

/**
 * Today at `now`: on a clock `offsetMinutes` ahead of UTC when the reader's zone is known (a browser passes its own,
 * localToday), else the UTC day with the window of the days it is anywhere (the server).
 */
export function todayOf(now = new Date(), offsetMinutes?: number): Today {
  if (offsetMinutes !== undefined) {
    const date = dayAt(now, offsetMinutes);
    return { date, year: Number(date.slice(0, 4)), earliest: date, latest: date };
  }
  return {
    date: now.toISOString().slice(0, 10),
    year: now.getUTCFullYear(),
    earliest: dayAt(now, zoneOffsetMinutes(LAST_ZONE, now)),
    latest: dayAt(now, zoneOffsetMinutes(FIRST_ZONE, now)),
  };
}

/** Today on the runtime's own clock: a browser's, its reader's day. */
export const localToday = (now = new Date()): Today => todayOf(now, -now.getTimezoneOffset());

const earliestOf = (today: Today) => today.earliest ?? today.date;
const latestOf = (today: Today) => today.latest ?? today.date;

const touches = (data: Data, fields: string[]) => fields.some((f) => f in data);
const merged = (data: Data, existing: Data) => ({ ...existing, ...data });
/** A calendar date (YYYY-MM-DD), by arithmetic: bulk imports check millions. Also the date rule of schema/validation/entitySchemas.ts. */
export function isDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [year, month, day] = [Number(value.slice(0, 4)), Number(value.slice(5, 7)), Number(value.slice(8, 10))];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return day <= [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
}
const isRealDate = (v: unknown): v is string => typeof v === 'string' && isDate(v);
/** A calendar day that is today where the reader may be. */
const isToday = (v: unknown, today: Today): v is string =>
  isRealDate(v) && v >= earliestOf(today) && v <= latestOf(today);

function duplicates(items: unknown, key: string): boolean {
  if (!Array.isArray(items)) return false;
  const ids = items.map((i) => (i as Data)[key]);
  return new Set(ids).size !== ids.length;
}

const optionText = (option: unknown) => (option === null || option === undefined ? '' : String(option).trim());

/**
 * Normalises {type, option}: immediate → 0, months → 1..12, specific date → a date from today, unsure → null.
 * A date the profile already holds (`stored`) stays acceptable once it has passed: saving it again as it is is no
 * new choice of a past date, and a form sends every field on each save.
 */
function noticePeriodRule(value: unknown, stored: unknown, today: Today, errors: FieldErrors): unknown {
  if (!value || typeof value !== 'object') return value;
  const { type, option } = value as { type: number; option: unknown };
  const raw = optionText(option);
  const kept = (stored as { type?: unknown; option?: unknown } | null | undefined) ?? {};
  const unchanged = kept.type === type && optionText(kept.option) === raw;
  switch (type) {
    case NOTICE_PERIOD_TYPES.immediate:
      if (raw !== '' && raw !== '0') errors['noticePeriod.option'] = 'noticePeriod.option.errors.invalid';
      return { type, option: 0 };
    case NOTICE_PERIOD_TYPES.months: {
      const months = Number(raw);
      if (!/^\d{1,2}$/.test(raw) || months < 1 || months > NOTICE_MONTHS_MAX)
        errors['noticePeriod.option'] = 'noticePeriod.option.errors.months';
      return { type, option: months };
    }
    case NOTICE_PERIOD_TYPES.specificDate:
      if (!isRealDate(raw)) errors['noticePeriod.option'] = 'noticePeriod.option.errors.date';
      else if (raw < earliestOf(today) && !unchanged)
        errors['noticePeriod.option'] = 'noticePeriod.option.errors.pastDate';
      return { type, option: raw };
    default:
      return { type, option: null };
  }
}

export function candidateRules(data: Data, existing: Data = {}, today: Today = todayOf()): FieldErrors {
  const errors: FieldErrors = {};
  const row = merged(data, existing);

  if (touches(data, ['isSpecialHkCandidate', 'hkId', 'hkPassport']) && row.isSpecialHkCandidate === true) {
    if (!row.hkId) errors.hkId = 'hkId.errors.requiredForHk';
    if (!row.hkPassport) errors.hkPassport = 'hkPassport.errors.requiredForHk';
  }

  if ('noticePeriod' in data && data.noticePeriod)
    data.noticePeriod = noticePeriodRule(data.noticePeriod, existing.noticePeriod, today, errors);

  // Free text belongs to the 'other' option only and is cleared when another option is chosen.
  if (touches(data, ['source', 'sourceOtherText']) && row.source !== SOURCE_OPTIONS.values.other) {
    if ('source' in data || row.sourceOtherText) data.sourceOtherText = null;
  }

  if ('skills' in data && Array.isArray(data.skills)) {
    if (duplicates(data.skills, 'skillId')) errors.skills = 'skills.errors.duplicate';
    else if (data.skills.filter((s) => (s as Data).isStar === true).length > MAX_STARRED_SKILLS)
      errors.skills = 'skills.errors.tooManyStarred';
  }
  if ('languages' in data && duplicates(data.languages, 'languageId')) errors.languages = 'languages.errors.duplicate';
  if ('preferredLocations' in data && duplicates(data.preferredLocations, 'locationId'))
    errors.preferredLocations = 'preferredLocations.errors.duplicate';

  // A status someone else sets takes over from the candidate's own choice (their own pause or
  // activation says so itself, with selfChosenStatus: true). Over a status the candidate chose, the
  // callers ask for a confirmation first (overridesOwnStatus); this runs once it is given.
  if ('status' in data && 'status' in existing && data.status !== existing.status && !('selfChosenStatus' in data))
    data.selfChosenStatus = false;
  return errors;
}

/**
 * Whether a write would override a status the candidate chose themselves (paused or re-activated their own profile,
 * spec section 4): it changes the status and is not the candidate's own pause or activation (which says
 * selfChosenStatus: true). Such a write needs an explicit confirmation: the admins' bulk status change and a save of
 * the profile (PUT candidates/:id) answer 409 'candidates.errors.selfChosenStatus' without one (`confirm: true`).
 */
export function overridesOwnStatus(existing: Data, data: Data): boolean {
  return (
    existing.selfChosenStatus === true &&
    'status' in data &&
    data.status !== existing.status &&
    data.selfChosenStatus !== true
  );
}

export function experienceRules(data: Data, existing: Data = {}, today: Today = todayOf()): FieldErrors {
  const errors: FieldErrors = {};
  if (!touches(data, ['startDate', 'endDate', 'currentPosition'])) return errors;
  const row = merged(data, existing);
  // A current position ends today (spec section 3): the end date stored is the day written, and its duration
  // counts to the day it is read (durationMonths, schema/entities/candidateExperience.ts).
  // A browser sends its reader's day; the server keeps it when it is today somewhere, else writes its own.
  if (row.currentPosition === true) data.endDate = isToday(data.endDate, today) ? data.endDate : today.date;
  const start = row.startDate as string | null | undefined;
  const end = (row.currentPosition === true ? data.endDate : row.endDate) as string | null | undefined;
  for (const [field, value] of [
    ['startDate', start],
    ['endDate', end],
  ] as const) {
    if (!value) continue;
    if (value < EXPERIENCE_MIN_DATE) errors[field] = `${field}.errors.tooEarly`;
    else if (value > latestOf(today)) errors[field] = `${field}.errors.inFuture`;
  }
  if (start && end && !errors.startDate && !errors.endDate && start > end)
    errors.endDate = 'endDate.errors.beforeStart';
  return errors;
}

export function educationRules(data: Data, existing: Data = {}, today: Today = todayOf()): FieldErrors {
  const errors: FieldErrors = {};
  if (!touches(data, ['startYear', 'endYear'])) return errors;
  const row = merged(data, existing);
  const start = row.startYear as number | null | undefined;
  const end = row.endYear as number | null | undefined;
  const year = Number(latestOf(today).slice(0, 4));
  if (typeof start === 'number' && start > year) errors.startYear = 'startYear.errors.inFuture';
  if (typeof end === 'number' && end > year + EDUCATION_YEARS_AHEAD) errors.endYear = 'endYear.errors.tooLate';
  if (typeof start === 'number' && typeof end === 'number' && !errors.startYear && !errors.endYear && start > end)
    errors.endYear = 'endYear.errors.beforeStart';
  return errors;
}

export type SelfStatusAction = 'pause' | 'activate';

/**
 * A candidate pauses an active or semi-active profile (→ inactive) and activates it again, back to the status the
 * pause left (`pausedFrom`: a semi-active profile comes back semi-active, not findable by companies), but only when the
 * pause was their own choice: an admin's deactivation stands.
 */
export function selfStatusChange(
  current: { status: number; selfChosenStatus: boolean; pausedFrom?: number | null },
  action: SelfStatusAction,
): { status: number; pausedFrom: number | null } | { error: string } {
  const { active, inactive, semiActive } = CANDIDATE_STATUS;
  if (action === 'pause') {
    if (current.status === inactive) return { error: 'candidate.errors.alreadyPaused' };
    if (current.status !== active && current.status !== semiActive)
      return { error: 'candidate.errors.statusNotAllowed' };
    return { status: inactive, pausedFrom: current.status };
  }
  if (current.status === active) return { error: 'candidate.errors.alreadyActive' };
  if (current.status !== inactive || !current.selfChosenStatus) return { error: 'candidate.errors.statusNotAllowed' };
  return { status: current.pausedFrom ?? active, pausedFrom: null };
}
