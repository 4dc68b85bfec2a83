/**
 * When a seeded candidate may carry a tag: each tag of the demo (seeds/demo/people.ts) with the facts of the
 * profile that support it. A tag with no rule here states something a profile cannot show (a clearance, a
 * diversity programme, being in demand) and is never given by the seeds. The generator tags only what the
 * profile supports, and tests/seeds/realism.test.ts checks every seeded candidate against these rules.
 */
import { EMPLOYMENT_TYPES, NOTICE_PERIOD_TYPES, CANDIDATE_STATUS } from '../../schema/entities/talentOptions';
import { SOURCE_OPTIONS } from '../../schema/entities/company';
import { EMPLOYER_FACTS } from './employers';

/** What a profile says, with lookup ids turned into names and codes. */
export interface CandidateFacts {
  status: number;
  visa: string | null;
  /** Country code of the current location, and of the citizenship. */
  home: string | null;
  citizenship: string | null;
  preferredCountries: string[];
  typeOfEmployment: number[];
  noticeType: number | null;
  workingRemotely: boolean | null;
  source: number | null;
  ownerId: number | null;
  experiences: {
    title: string;
    company: string;
    industry: string | null;
    country: string | null;
    startDate: string;
    endDate: string | null;
    current: boolean;
  }[];
  educationEndYears: number[];
  skills: string[];
  /** ISO codes (639-1, or 639-3 for the region's spoken languages) and levels (1 beginner to 3 expert). */
  languages: { code: string; level: number }[];
}

const months = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;

/** Years since the first job started (0 without a job). */
export function careerYears(facts: CandidateFacts, today: string): number {
  if (!facts.experiences.length) return 0;
  return (months(today) - Math.min(...facts.experiences.map((e) => months(e.startDate)))) / 12;
}

const APAC = new Set(['SG', 'HK', 'MY', 'ID', 'PH', 'TH', 'VN', 'IN', 'AU', 'NZ', 'JP', 'KR', 'CN', 'TW', 'KH', 'MM']);
const FINANCE = new Set(['Financial Services', 'Banking', 'Fintech', 'Capital Markets', 'Investment Banking']);
const HEALTH = new Set([
  'Hospitals and Health Care',
  'Hospitals',
  'Medical Practices',
  'Pharmaceutical Manufacturing',
  'Biotechnology Research',
]);
const ECOMMERCE = new Set(['Online and Mail Order Retail', 'Internet Marketplace Platforms']);
const DATA_SKILLS =
  /^(sql|python|r|tableau|microsoft power bi|looker|data analysis|data science|statistics|machine learning)$/i;
const DESIGN_SKILLS =
  /^(figma|sketch|adobe xd|adobe photoshop|adobe illustrator|user experience design|ui design|ux design)$/i;
const CLOUD_CERTS = /certified|google cloud professional/i;
const LEADS = /\b(lead|manager|head|director|chief|vp|vice president)\b/i;

const titled = (f: CandidateFacts, pattern: RegExp) => f.experiences.some((e) => pattern.test(e.title));
const employedBy = (f: CandidateFacts, kind: string) =>
  f.experiences.some((e) => EMPLOYER_FACTS[e.company]?.kind === kind);
const inIndustry = (f: CandidateFacts, set: Set<string>) =>
  f.experiences.some((e) => e.industry && set.has(e.industry));
const fluent = (f: CandidateFacts) => f.languages.filter((l) => l.level >= 3).length;

/** The tags the seeds give, by identifier, each with the facts that support it. */
export const TAG_RULES: Record<string, (facts: CandidateFacts, today: string) => boolean> = {
  // Judgements of a curated profile with a history to judge.
  toptalent: (f) => f.status === CANDIDATE_STATUS.active && f.experiences.length > 0,
  verified: (f) =>
    f.experiences.length > 0 &&
    f.status !== CANDIDATE_STATUS.pendingCuration &&
    f.status !== CANDIDATE_STATUS.pendingActivation,
  interviewed: (f) => f.ownerId !== null && f.status === CANDIDATE_STATUS.active,
  relocate: (f) => f.preferredCountries.some((c) => c !== f.home),
  remoteready: (f) => f.workingRemotely === true,
  immediate: (f) => f.noticeType === NOTICE_PERIOD_TYPES.immediate,
  bilingual: (f) => fluent(f) >= 2,
  leadership: (f) => titled(f, LEADS),
  startup: (f) => employedBy(f, 'startup'),
  bigtech: (f) => employedBy(f, 'bigtech'),
  fintech: (f) => inIndustry(f, FINANCE),
  healthcare: (f) => inIndustry(f, HEALTH),
  ecommerce: (f) => inIndustry(f, ECOMMERCE),
  datadriven: (f) =>
    titled(f, /\b(data|analyst|analytics|scientist|machine learning)\b/i) || f.skills.some((s) => DATA_SKILLS.test(s)),
  design: (f) => titled(f, /design|\bux\b|\bui\b/i) || f.skills.some((s) => DESIGN_SKILLS.test(s)),
  closer: (f) => titled(f, /\b(sales|account executive|account manager|business development)\b/i),
  cloudcert: (f) => f.skills.some((s) => CLOUD_CERTS.test(s)),
  // A career break: no current job and the last one ended a year ago or more.
  returner: (f, today) =>
    f.experiences.length > 0 &&
    !f.experiences.some((e) => e.current) &&
    f.experiences.every((e) => e.endDate !== null && months(today) - months(e.endDate) >= 12),
  graduate: (f, today) =>
    f.educationEndYears.some((y) => y <= Number(today.slice(0, 4)) && y >= Number(today.slice(0, 4)) - 2),
  senior: (f, today) => careerYears(f, today) >= 10,
  contract: (f) => f.typeOfEmployment.includes(EMPLOYMENT_TYPES.contract),
  parttime: (f) => f.typeOfEmployment.includes(EMPLOYMENT_TYPES.partTime),
  referral: (f) => f.source === SOURCE_OPTIONS.values.referral,
  apac: (f) => new Set(f.experiences.map((e) => e.country).filter((c) => c && APAC.has(c))).size >= 2,
  mandarin: (f) => f.languages.some((l) => l.code === 'cmn' && l.level >= 2),
  sgpr: (f) => f.home === 'SG' && f.visa === 'Permanent Resident' && f.citizenship !== 'SG',
};

/** Whether the facts support the tag (a tag with no rule never is). */
export const supports = (identifier: string, facts: CandidateFacts, today: string): boolean =>
  TAG_RULES[identifier]?.(facts, today) ?? false;

/** Tags a curator gives whenever the fact holds; the others only some of the time. */
export const FACT_TAGS = ['sgpr', 'senior', 'graduate'];
