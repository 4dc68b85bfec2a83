/**
 * The product's own matcher: a transparent function of a profile against the requirements. Pure:
 * no database, no clock (today comes in), no identity. A profile here holds what a match may weigh
 * and nothing else: no name, email, phone, gender, date of birth, photo, links or citizenship (the
 * right to work in a country arrives only when the requirements ask for it, as yes or no).
 *
 * Parts and their maximum points (100 in all): skills 40 (required skills weigh twice the nice
 * ones; a highlighted skill, or one the work history names, counts in full, a listed one 80%),
 * title 15, years 15 (the years stated, else those the seniority means: SENIORITY_YEARS), location and visa 10, salary 8, languages 8, notice period 4. A part that
 * rules the person out (far too few years, a salary far above the range, nowhere they may work,
 * a required language missing) scores minus its maximum, and the total of a ruled-out profile is
 * then scaled to 40% so that it falls below every profile that could take the job.
 */
import { related } from './titleFamilies';
import { skillRequirementLabel, yearsAsked, type MatchPart, type MatchPartKey, type Requirements } from './types';
import type { Scored } from './types';

export const MAX: Record<MatchPartKey, number> = {
  skills: 40,
  title: 15,
  years: 15,
  location: 10,
  salary: 8,
  languages: 8,
  notice: 4,
};
/** The most a profile holding none of the required skills scores (30% of its points, at most this). */
export const NO_REQUIRED_SKILL_CAP = 20;

/** How many of the required skills (or one of their alternatives) the profile holds; undefined when none are required. */
function requiredHeld(req: Requirements, p: MatchProfile): { held: number; of: number } | undefined {
  const wanted = req.skills.filter((s) => s.required);
  if (!wanted.length) return undefined;
  const has = new Set(p.skills.map((s) => s.id));
  const held = wanted.filter((w) => [w, ...(w.anyOf ?? [])].some((x) => has.has(x.id))).length;
  return { held, of: wanted.length };
}

/** A ruled-out profile keeps this share of its points. */
export const RULED_OUT_SHARE = 0.4;

export interface ProfileJob {
  /** As the person typed them: weighed (a skill named in a job), never quoted in evidence. */
  title: string;
  company: string;
  /** The lookups' job title the typed title resolves to, when it does: what evidence names. */
  titleId: number | null;
  titleLabel: string | null;
  /** YYYY-MM-DD; null when unknown. */
  start: string | null;
  end: string | null;
  current: boolean;
  description: string | null;
}

export interface MatchProfile {
  candidateId: number;
  skills: { id: number; label: string; star: boolean; aliases: string[] }[];
  /** Titles the person is looking for. */
  wantedTitles: { id: number; label: string }[];
  /** Newest first. */
  jobs: ProfileJob[];
  /** The start of the earliest job (YYYY-MM-DD), as search counts years of experience. */
  careerStart: string | null;
  languages: { id: number; label: string; level: number }[];
  currentLocation: { id: number; label: string; countryId: number | null } | null;
  /** `visaType` 1 citizen, 2 permanent resident, 3 holds a work pass: may work there; 4 needs sponsorship. */
  preferred: { id: number; label: string; countryId: number | null; visaType: number | null }[];
  remote: boolean | null;
  salary: { amount: number; currency: string } | null;
  notice: { type: number; option: string | null } | null;
  /** Countries the person may work in; read only when the requirements name some (rightToWorkIn). */
  mayWorkIn?: number[];
}

export interface ScoreContext {
  /** YYYY-MM-DD. */
  today: string;
  /** Currency → SGD for one unit. */
  ratesToSgd: Map<string, number>;
  /** The country of each required location. */
  locationCountries: Map<number, number>;
  /** Country names, for the right-to-work evidence. */
  countryLabels: Map<number, string>;
}

const monthsOf = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;
const yearOf = (date: string | null) => (date ? date.slice(0, 4) : '?');
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const money = (n: number) => Math.round(n).toLocaleString('en');
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function span(job: ProfileJob): string {
  return `${yearOf(job.start)}–${job.current || !job.end ? (job.current ? 'present' : '?') : yearOf(job.end)}`;
}

function jobMonths(job: ProfileJob, today: string): number {
  if (!job.start) return 0;
  const end = job.current || !job.end ? today : job.end;
  return Math.max(0, monthsOf(end) - monthsOf(job.start));
}

/** Whether a job's title or description names the skill (its name or an alias, as a whole word). */
function names(job: ProfileJob, skill: MatchProfile['skills'][number]): boolean {
  const text = `${job.title}\n${job.description ?? ''}`;
  return [skill.label, ...skill.aliases].some((name) => {
    if (name.length < 2) return false;
    const flags = name.length <= 3 ? 'u' : 'iu';
    return new RegExp(`(^|[^\\p{L}\\p{N}+#.])${escape(name)}(?=$|[^\\p{L}\\p{N}+#])`, flags).test(text);
  });
}

function skillsPart(req: Requirements, p: MatchProfile, today: string): MatchPart {
  const max = MAX.skills;
  if (!req.skills.length)
    return {
      key: 'skills',
      points: max,
      max,
      evidence: p.skills.length ? `Skills: ${p.skills.map((s) => s.label).join(', ')}` : 'No skills listed',
    };
  const held = new Map(p.skills.map((s) => [s.id, s]));
  let total = 0;
  let got = 0;
  const lines: string[] = [];
  const missing: string[] = [];
  let requiredHeld = 0;
  for (const want of req.skills) {
    const weight = want.required ? 2 : 1;
    total += weight;
    // Any of the alternatives meets the requirement ('Kafka or RabbitMQ').
    const skill = [want, ...(want.anyOf ?? [])].map((w) => held.get(w.id)).find(Boolean);
    if (!skill) {
      if (want.required) missing.push(skillRequirementLabel(want));
      continue;
    }
    if (want.required) requiredHeld += 1;
    const jobs = p.jobs.filter((j) => names(j, skill));
    const months = jobs.reduce((n, j) => n + jobMonths(j, today), 0);
    got += weight * (skill.star || jobs.length ? 1 : 0.8);
    if (jobs.length) {
      const first = jobs[jobs.length - 1];
      const last = jobs[0];
      const years = Math.max(1, Math.floor(months / 12));
      lines.push(
        `${skill.label}, ${plural(years, 'year')} in ${plural(jobs.length, 'job')} (${yearOf(first.start)}–${last.current ? 'present' : yearOf(last.end)})`,
      );
    } else lines.push(skill.star ? `${skill.label} (highlighted)` : skill.label);
  }
  const requiredCount = req.skills.filter((s) => s.required).length;
  const head = requiredCount
    ? `${requiredHeld} of ${requiredCount} required skills`
    : `${lines.length} of ${req.skills.length} skills`;
  const evidence = `${head}${lines.length ? `: ${lines.join('; ')}` : ''}${missing.length ? `; missing ${missing.join(', ')}` : ''}`;
  return { key: 'skills', points: round1((max * got) / total), max, evidence };
}

export { related }; // Titles of one trade (titleFamilies.ts): never by a shared word.

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function titlePart(req: Requirements, p: MatchProfile): MatchPart {
  const max = MAX.title;
  const latest = p.jobs[0];
  // Evidence names the lookups' title a job resolves to, never the text typed.
  const asJob = (j: ProfileJob) => `${j.titleLabel ?? 'A title not in the lookups'} (${span(j)})`;
  if (!req.jobTitles.length)
    return { key: 'title', points: max, max, evidence: latest ? asJob(latest) : 'No work history' };
  const wanted = new Set(req.jobTitles.map((t) => t.id));
  const labels = req.jobTitles.map((t) => t.label);
  const jobHit = p.jobs.findIndex(
    (j) => (j.titleId !== null && wanted.has(j.titleId)) || labels.some((l) => same(l, j.title)),
  );
  if (jobHit === 0) return { key: 'title', points: max, max, evidence: asJob(latest) };
  const wants = p.wantedTitles.find((t) => wanted.has(t.id));
  if (wants && latest && related(latest.titleLabel ?? latest.title, wants.label))
    return { key: 'title', points: max, max, evidence: `Looking for ${wants.label}; ${asJob(latest)}` };
  if (jobHit > 0) return { key: 'title', points: round1(max * 0.8), max, evidence: `Was ${asJob(p.jobs[jobHit])}` };
  if (wants)
    return {
      key: 'title',
      points: round1(max * 0.6),
      max,
      evidence: `Looking for ${wants.label}${latest ? `; ${asJob(latest)}` : ''}`,
    };
  const near = p.jobs.find((j) => labels.some((l) => related(l, j.titleLabel ?? j.title)));
  if (near) return { key: 'title', points: round1(max * 0.45), max, evidence: `Related: ${asJob(near)}` };
  const nearWanted = p.wantedTitles.find((t) => labels.some((l) => related(l, t.label)));
  if (nearWanted) return { key: 'title', points: round1(max * 0.3), max, evidence: `Looking for ${nearWanted.label}` };
  return { key: 'title', points: 0, max, evidence: latest ? `Latest: ${asJob(latest)}` : 'No work history' };
}

function yearsPart(req: Requirements, p: MatchProfile, today: string): MatchPart {
  const max = MAX.years;
  const years = p.careerStart ? Math.max(0, Math.floor((monthsOf(today) - monthsOf(p.careerStart)) / 12)) : 0;
  const since = p.careerStart ? ` since ${yearOf(p.careerStart)}` : '';
  const evidence = `${plural(years, 'year')} of experience${since}`;
  const bar = yearsAsked(req); // The years stated, else the seniority's ('Senior': 5+), said in the evidence.
  const { min, max: most } = bar ?? {};
  if (min === undefined && most === undefined) return { key: 'years', points: max, max, evidence };
  const asked =
    min !== undefined && most !== undefined ? `${min}–${most}` : min !== undefined ? `${min}+` : `up to ${most}`;
  const against = `${evidence}, against ${asked} asked${bar?.bySeniority ? ` for a ${req.seniority} role` : ''}`;
  if (min !== undefined && years < min) {
    if (years >= min - 1) return { key: 'years', points: round1(max * 0.7), max, evidence: against };
    if (years >= min * 0.7) return { key: 'years', points: round1(max * 0.35), max, evidence: against };
    return { key: 'years', points: -max, max, evidence: `Rules out: ${against}` };
  }
  if (most !== undefined && years > most + 3)
    return { key: 'years', points: round1(max * 0.5), max, evidence: `${against} (more senior)` };
  return { key: 'years', points: max, max, evidence: against };
}

const MAY_WORK = new Set([1, 2, 3]);

function locationPart(req: Requirements, p: MatchProfile, ctx: ScoreContext): MatchPart {
  const max = MAX.location;
  const prefers = p.preferred.map((l) => l.label).join(', ');
  const home = p.currentLocation ? `lives in ${p.currentLocation.label}` : '';
  const where = [prefers && `prefers ${prefers}`, home].filter(Boolean).join('; ') || 'no location given';
  let part: MatchPart;
  const inCountries = new Set((req.countries ?? []).map((c) => c.id));
  const mayWork = (l: MatchProfile['preferred'][number]) => l.visaType === null || MAY_WORK.has(l.visaType);
  const countryFit = p.preferred.find((l) => l.countryId !== null && inCountries.has(l.countryId) && mayWork(l));
  if (!req.locations.length && !inCountries.size) part = { key: 'location', points: max, max, evidence: cap(where) };
  else if (countryFit)
    // The role's country (a project's own) holds a place the person prefers and may work in.
    part = { key: 'location', points: max, max, evidence: `Prefers ${countryFit.label}, may work there` };
  else if (!req.locations.length) {
    const home = p.currentLocation?.countryId;
    part =
      home !== null && home !== undefined && inCountries.has(home)
        ? { key: 'location', points: round1(max * 0.9), max, evidence: cap(where) }
        : req.remote && p.remote
          ? { key: 'location', points: round1(max * 0.7), max, evidence: `Open to remote work; ${where}` }
          : { key: 'location', points: -max, max, evidence: `Rules out: ${where}` };
  } else {
    const wanted = new Set(req.locations.map((l) => l.id));
    const countries = new Set(
      req.locations.map((l) => ctx.locationCountries.get(l.id)).filter((c): c is number => c !== undefined),
    );
    const inPlace = p.preferred.find((l) => wanted.has(l.id));
    const sameCountry = p.preferred.find((l) => l.countryId !== null && countries.has(l.countryId));
    if (inPlace && (inPlace.visaType === null || MAY_WORK.has(inPlace.visaType)))
      part = {
        key: 'location',
        points: max,
        max,
        evidence: `Prefers ${inPlace.label}${inPlace.visaType ? ', may work there' : ''}`,
      };
    else if (p.currentLocation && wanted.has(p.currentLocation.id))
      part = { key: 'location', points: round1(max * 0.9), max, evidence: cap(where) };
    else if (inPlace)
      part = {
        key: 'location',
        points: round1(max * 0.5),
        max,
        evidence: `Prefers ${inPlace.label}, needs visa sponsorship`,
      };
    else if (sameCountry && (sameCountry.visaType === null || MAY_WORK.has(sameCountry.visaType)))
      part = {
        key: 'location',
        points: round1(max * 0.7),
        max,
        evidence: `Prefers ${sameCountry.label}, in the same country`,
      };
    else if (req.remote && p.remote)
      part = { key: 'location', points: round1(max * 0.7), max, evidence: `Open to remote work; ${where}` };
    else part = { key: 'location', points: -max, max, evidence: `Rules out: ${where}` };
  }
  if (req.rightToWorkIn?.length && part.points >= 0) {
    const may = new Set(p.mayWorkIn ?? []);
    const country = req.rightToWorkIn.find((c) => may.has(c));
    const names = req.rightToWorkIn.map((c) => ctx.countryLabels.get(c) ?? String(c)).join(' or ');
    if (country === undefined)
      return {
        key: 'location',
        points: -max,
        max,
        evidence: `Rules out: no right to work in ${names} stated; ${where}`,
      };
    return { ...part, evidence: `${part.evidence}; right to work in ${ctx.countryLabels.get(country) ?? names}` };
  }
  return part;
}

function salaryPart(req: Requirements, p: MatchProfile, ctx: ScoreContext): MatchPart {
  const max = MAX.salary;
  if (!p.salary) return { key: 'salary', points: round1(max * 0.5), max, evidence: 'No expected salary given' };
  const { amount, currency } = p.salary;
  const evidence = `Expects ${currency} ${money(amount)} a month`;
  const range = req.salary;
  if (!range || (range.max === undefined && range.min === undefined))
    return { key: 'salary', points: max, max, evidence };
  const rate = (c: string) => ctx.ratesToSgd.get(c) ?? (c === 'SGD' ? 1 : undefined);
  const own = rate(currency);
  const theirs = rate(range.currency);
  if (own === undefined || theirs === undefined)
    return { key: 'salary', points: round1(max * 0.5), max, evidence: `${evidence} (no rate to compare)` };
  const asked = (amount * own) / theirs;
  const shown = currency === range.currency ? evidence : `${evidence} (about ${range.currency} ${money(asked)})`;
  const top = range.max ?? (range.min ?? 0) * 1.5;
  const budget =
    range.max !== undefined && range.min !== undefined
      ? `${range.currency} ${money(range.min)}–${money(range.max)}`
      : range.max !== undefined
        ? `up to ${range.currency} ${money(range.max)}`
        : `from ${range.currency} ${money(range.min ?? 0)}`;
  const against = `${shown}, against ${budget}`;
  if (asked <= top) return { key: 'salary', points: max, max, evidence: against };
  if (asked <= top * 1.1)
    return { key: 'salary', points: round1(max * 0.6), max, evidence: `${against} (a little above)` };
  if (asked <= top * 1.25) return { key: 'salary', points: round1(max * 0.15), max, evidence: `${against} (above)` };
  return { key: 'salary', points: -max, max, evidence: `Rules out: ${against}` };
}

function noticePart(p: MatchProfile, today: string): MatchPart {
  const max = MAX.notice;
  const n = p.notice;
  if (!n) return { key: 'notice', points: max * 0.5, max, evidence: 'No notice period given' };
  if (n.type === 0) return { key: 'notice', points: max, max, evidence: 'Available immediately' };
  if (n.type === 3) return { key: 'notice', points: max * 0.25, max, evidence: 'Notice period unsure' };
  const months =
    n.type === 1
      ? Number(n.option ?? 0)
      : n.option && /^\d{4}-\d{2}-\d{2}$/.test(n.option)
        ? Math.max(0, monthsOf(n.option) - monthsOf(today))
        : Number.NaN;
  if (!Number.isFinite(months)) return { key: 'notice', points: max * 0.5, max, evidence: 'No notice period given' };
  const evidence =
    n.type === 2 ? `Available from ${n.option}` : months === 1 ? "1 month's notice" : `${months} months' notice`;
  return { key: 'notice', points: round1(max * Math.max(0, 1 - months / 4)), max, evidence };
}

const LEVEL_NAMES = ['', 'beginner', 'intermediate', 'expert'];

function languagesPart(req: Requirements, p: MatchProfile): MatchPart {
  const max = MAX.languages;
  const spoken = p.languages.map((l) => `${l.label} (${LEVEL_NAMES[l.level] ?? l.level})`).join(', ');
  if (!req.languages.length) return { key: 'languages', points: max, max, evidence: spoken || 'No languages listed' };
  const has = new Map(p.languages.map((l) => [l.id, l]));
  const missing = req.languages.filter((l) => l.required !== false && !has.has(l.id)).map((l) => l.label);
  if (missing.length)
    return {
      key: 'languages',
      points: -max,
      max,
      evidence: `Rules out: no ${missing.join(', ')}${spoken ? `; speaks ${spoken}` : ''}`,
    };
  // Required languages weigh twice the nice ones; one spoken below the level asked counts half.
  let total = 0;
  let got = 0;
  for (const l of req.languages) {
    const weight = l.required === false ? 1 : 2;
    const level = has.get(l.id)?.level;
    total += weight;
    got += level === undefined ? 0 : level >= (l.level ?? 2) ? weight : weight / 2;
  }
  return { key: 'languages', points: round1((max * got) / total), max, evidence: spoken };
}

function round1(n: number): number {
  return Math.round(n * 10) / 10;
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The score of one profile against the requirements, with each part's points and evidence. */
export function scoreProfile(req: Requirements, p: MatchProfile, ctx: ScoreContext): Scored {
  const parts = [
    skillsPart(req, p, ctx.today),
    titlePart(req, p),
    yearsPart(req, p, ctx.today),
    locationPart(req, p, ctx),
    salaryPart(req, p, ctx),
    languagesPart(req, p),
    noticePart(p, ctx.today),
  ];
  const where = req.locations.length + (req.countries?.length ?? 0) + (req.rightToWorkIn?.length ?? 0);
  const asked = [req.skills.length, req.jobTitles.length, yearsAsked(req) ? 1 : 0, where];
  const more = { salary: req.salary ? 1 : 0, languages: req.languages.length, notice: 0 };
  parts.forEach((part, i) => (part.asked = (asked[i] ?? more[part.key as keyof typeof more]) > 0));
  const ruledOutBy = parts.filter((part) => part.points < 0).map((part) => part.key);
  const sum = parts.reduce((n, part) => n + part.points, 0);
  let score = Math.max(0, Math.min(100, Math.round(ruledOutBy.length ? sum * RULED_OUT_SHARE : sum)));
  // Required skills come first, whatever the other parts: holding none of them keeps a profile at
  // NO_REQUIRED_SKILL_CAP or below, holding any lifts it above, so it never ranks below one with none.
  const required = requiredHeld(req, p);
  if (required)
    score = required.held
      ? Math.max(score, NO_REQUIRED_SKILL_CAP + 1)
      : Math.min(Math.round(score * 0.3), NO_REQUIRED_SKILL_CAP);
  return {
    candidateId: p.candidateId,
    score,
    parts,
    ...(required ? { requiredSkills: required } : {}),
    ...(ruledOutBy.length ? { ruledOutBy } : {}),
  };
}
