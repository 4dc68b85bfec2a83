/**
 * Option lists and limits of candidate profiles (spec sections 3, 5 and 9), shared by the
 * candidate declaration, its rules, the CV parser, the importer and the generators.
 */
import type { Permissions } from '../lib/types';

/** Employment types, ids 1 to 4. */
export const EMPLOYMENT_TYPES = { permanent: 1, contract: 2, partTime: 3, internship: 4 };
export const EMPLOYMENT_TYPE_LABELS = { partTime: 'Part-time' };

/** Notice period types: 0 immediate (option 0), 1 after N months (option N), 2 a specific date (option YYYY-MM-DD), 3 unsure. */
export const NOTICE_PERIOD_TYPES = { immediate: 0, months: 1, specificDate: 2, unsure: 3 };
export const NOTICE_PERIOD_LABELS = { months: 'Number of months', specificDate: 'Specific date' };
/** The months a notice period can last (the spec's options are 1, 2 and 3; longer ones exist in practice). */
export const NOTICE_MONTHS_MAX = 12;

/** Language levels. */
export const LANGUAGE_LEVELS = { beginner: 1, intermediate: 2, expert: 3 };

/** The candidate's own job-search situation (spec: candidate status list, options 0 to 4). */
export const CANDIDATE_SITUATIONS = {
  activelyLooking: 0,
  openToOffers: 1,
  employedNotLooking: 2,
  unemployed: 3,
  student: 4,
};
export const CANDIDATE_SITUATION_LABELS = {
  activelyLooking: 'Actively looking',
  openToOffers: 'Open to offers',
  employedNotLooking: 'Employed, not looking',
  unemployed: 'Currently unemployed',
  student: 'Student or graduate',
};

/** Account status: 0 pending curation, 1 active, 2 inactive, 3 semi-active, 4 pending activation. */
export const CANDIDATE_STATUS = { pendingCuration: 0, active: 1, inactive: 2, semiActive: 3, pendingActivation: 4 };

/** The right to work a candidate has in a preferred location. */
export const VISA_TYPES = { citizen: 1, permanentResident: 2, workPass: 3, needsSponsorship: 4 };
export const VISA_TYPE_LABELS = {
  permanentResident: 'Permanent resident',
  workPass: 'Holds a work pass',
  needsSponsorship: 'Needs sponsorship',
};

/** Currencies salaries are given in; SGD is the default (spec section 9). */
export const SALARY_CURRENCIES = [
  'SGD',
  'USD',
  'HKD',
  'MYR',
  'IDR',
  'PHP',
  'THB',
  'VND',
  'INR',
  'AUD',
  'EUR',
  'GBP',
  'CNY',
  'JPY',
] as const;
export const DEFAULT_CURRENCY = 'SGD';
/** The spec's 1e9 upper bound caps salaries (monthly, in the given currency). */
export const SALARY_MAX = 1_000_000_000;

export const MAX_JOB_TITLES = 5;
export const MAX_STARRED_SKILLS = 5;
/** Experience dates start at 1950-01-01 (spec section 9). */
export const EXPERIENCE_MIN_DATE = '1950-01-01';
export const EDUCATION_MIN_YEAR = 1950;
/** Education may end in the future (expected graduation), at most this many years ahead. */
export const EDUCATION_YEARS_AHEAD = 10;

/** Minimum lengths of the special Hong Kong candidate's address (spec: shown as minimums, values ours). */
export const HK_MIN_LENGTH = { hkAddress: 5, hkCity: 2, hkZip: 3 } as const;
/** Hong Kong identity card: one or two letters, six digits, a check digit (optionally in brackets). */
export const HK_ID_PATTERN = /^[A-Z]{1,2}\d{6}\(?[0-9A]\)?$/;
export const PASSPORT_PATTERN = /^[A-Z0-9]{6,12}$/;

/** Professional-network profiles have an /in/, /pub/ or /profile path (spec section 5). */
export const LINKEDIN_PATTERN = /^https:\/\/([a-z]{2,3}\.)?(www\.)?linkedin\.com\/(in|pub|profile)\/\S+$/i;
export const GITHUB_PATTERN = /^https:\/\/(www\.)?github\.com\/[A-Za-z0-9-]+\/?\S*$/i;
export const STACKOVERFLOW_PATTERN = /^https:\/\/(www\.)?stackoverflow\.com\/(users|story)\/\S+$/i;
export const DRIBBBLE_PATTERN = /^https:\/\/(www\.)?dribbble\.com\/[A-Za-z0-9_-]+\/?\S*$/i;

/** Keys the storage adapter gives uploaded CVs (backend/adapters/storage: folder/yyyy-mm/<32 hex>.<ext>). */
export const CV_FOLDER = 'cvs';
export const CV_PATH_PATTERN = /^cvs\/\d{4}-\d{2}\/[0-9a-f]{32}\.(pdf|docx)$/;

/** Who may touch a candidate's own rows (experience, education): admins all, a candidate only theirs, limited to `fields`. */
export function candidateChildPermissions(fields: string[]): Permissions {
  return {
    admin: { manage: true },
    candidate: {
      read: { when: 'ownCandidate' },
      create: { when: 'ownCandidate', fields: ['candidateId', ...fields] },
      update: { when: 'ownCandidate', fields },
      delete: { when: 'ownCandidate' },
    },
  };
}
