/**
 * Turns a CV's text into a draft profile: contact details and links by pattern, skills, job
 * titles and cities matched against the lookups, experience and education entries by their date
 * ranges within their sections. Pure: the lookups come in as maps. Entries whose dates break the
 * profile rules are kept without the offending dates, so the draft always saves once completed.
 */
import { PHONE_PATTERN } from '../../../../schema';
import type { CvDraft, DraftEducation, DraftExperience } from '../../../../schema/cvDraft';
import { experienceRules, todayOf, type Today } from '../../../../schema/rules/candidate';

export type { CvDraft, DraftEducation, DraftExperience };

export interface Named {
  id: number;
  name: string;
}

export interface CvLookups {
  /** Lower-case name → row, for skills, job titles and cities. */
  skills: Map<string, Named>;
  jobTitles: Map<string, Named>;
  cities: Map<string, Named>;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH = String.raw`(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)`;
const POINT = String.raw`(?:${MONTH}\.?\s+\d{4}|\d{1,2}[/.]\d{4}|\d{4}-\d{2}|\d{4})`;
const END = String.raw`(?:${POINT}|present|current|now|today)`;
const RANGE = new RegExp(String.raw`(${POINT})\s*(?:-|–|—|to|until)\s*(${END})`, 'i');
const YEAR_RANGE = /\b(19[5-9]\d|20\d{2})\s*(?:-|–|—|to)\s*(19[5-9]\d|20\d{2}|present|current|now)\b/i;
const SINGLE_YEAR = /\b(19[5-9]\d|20\d{2})\b/;
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/;
const PHONE = /\+?\(?\d[\d\s().-]{7,18}\d/g;
const URL = /\b(?:https?:\/\/|www\.)[^\s|,;<>()]+|\b(?:linkedin\.com|github\.com|stackoverflow\.com|dribbble\.com)\/[^\s|,;<>()]+/gi;

const SECTIONS: Record<string, RegExp> = {
  experience: /^(work\s+|professional\s+|employment\s+)?(experience|history|employment)(\s+history)?:?$/i,
  education: /^(education|academic\s+(background|history)|qualifications):?$/i,
  summary: /^(summary|profile|about(\s+me)?|professional\s+summary|objective):?$/i,
  skills: /^(skills|technical\s+skills|core\s+skills|key\s+skills):?$/i,
  other: /^(languages|certifications?|projects|awards|references|interests|hobbies|contact|personal\s+details):?$/i,
};
const INSTITUTE = /\b(university|college|institute|school|polytechnic|academy|universiti|universitas)\b/i;
const DEGREE =
  /\b(bachelor|master|diploma|degree|doctor|ph\.?d|mba|b\.?(sc|a|eng|comp)|m\.?(sc|a|eng)|associate|certificate|a[- ]levels?|o[- ]levels?|high school diploma)\b/i;

function sectionOf(line: string): string | undefined {
  const clean = line.trim();
  if (clean.length > 40) return undefined;
  return Object.keys(SECTIONS).find((k) => SECTIONS[k].test(clean));
}

/** 'Mar 2019' → 2019-03-01, '2019' → 2019-01-01, 'present' → today. */
function pointToDate(raw: string, today: Today): string | null {
  const s = raw.trim().toLowerCase().replace(/\.$/, '');
  if (/^(present|current|now|today)$/.test(s)) return today.date;
  const named = /^([a-z]+)\.?\s+(\d{4})$/.exec(s);
  if (named) {
    const month = MONTHS.indexOf(named[1].slice(0, 3));
    return month < 0 ? null : `${named[2]}-${String(month + 1).padStart(2, '0')}-01`;
  }
  const slashed = /^(\d{1,2})[/.](\d{4})$/.exec(s);
  const iso = /^(\d{4})-(\d{2})$/.exec(s);
  const [month, year] = slashed ? [Number(slashed[1]), slashed[2]] : iso ? [Number(iso[2]), iso[1]] : [0, ''];
  if (year) return month >= 1 && month <= 12 ? `${year}-${String(month).padStart(2, '0')}-01` : null;
  return /^\d{4}$/.test(s) ? `${s}-01-01` : null;
}

/** 'Senior Engineer at Acme' / 'Senior Engineer, Acme' / 'Senior Engineer | Acme' → [title, company]. */
function splitHeader(text: string): [string, string] {
  const cleaned = text
    .replace(/[()[\]]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[,|@–—-]\s*$/, '')
    .trim();
  for (const sep of [' at ', ' @ ', ' | ', ' — ', ' – ', ' - ', ', ']) {
    const i = cleaned.toLowerCase().indexOf(sep);
    if (i > 0) return [cleaned.slice(0, i).trim(), cleaned.slice(i + sep.length).trim()];
  }
  return [cleaned, ''];
}

function normalisePhone(raw: string): string | null {
  const digits = raw.replace(/\D/g, '');
  if (digits.length < 10 || digits.length > 15) return null;
  // The product's phone shape is three, three and four to nine digits.
  const phone = `${raw.trim().startsWith('+') ? '+' : ''}${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`;
  return PHONE_PATTERN.test(phone) ? phone : null;
}

function links(text: string) {
  const found = (text.match(URL) ?? []).map((u) => (/^https?:\/\//i.test(u) ? u : `https://${u}`).replace(/^http:/i, 'https:').replace(/[.,]$/, ''));
  const pick = (re: RegExp) => found.find((u) => re.test(u)) ?? null;
  const linkedInUrl = pick(/linkedin\.com\/(in|pub|profile)\//i);
  const githubUrl = pick(/github\.com\/[A-Za-z0-9-]+/i);
  const stackoverflowUrl = pick(/stackoverflow\.com\/(users|story)\//i);
  const dribbbleUrl = pick(/dribbble\.com\/[A-Za-z0-9_-]+/i);
  const portfolioUrl =
    found.find((u) => ![linkedInUrl, githubUrl, stackoverflowUrl, dribbbleUrl].includes(u) && !/linkedin|github|stackoverflow|dribbble/i.test(u)) ?? null;
  return { linkedInUrl, githubUrl, stackoverflowUrl, dribbbleUrl, portfolioUrl };
}

function nameOf(lines: string[]): [string | null, string | null] {
  for (const line of lines.slice(0, 8)) {
    const clean = line.trim();
    if (!/^[\p{L}'’.-]+(\s+[\p{L}'’.-]+){1,3}$/u.test(clean) || sectionOf(clean) || /curriculum|resume|vitae/i.test(clean)) continue;
    const words = clean.split(/\s+/);
    return [words[0], words.slice(1).join(' ')];
  }
  return [null, null];
}

/** Skills named in the text: n-grams of up to four words looked up by lower-case name. */
function skillsOf(text: string, skills: Map<string, Named>): Named[] {
  const found = new Map<number, Named>();
  for (const line of text.split('\n')) {
    const words = line.split(/[\s,;|/•·()]+/).filter(Boolean);
    for (let i = 0; i < words.length; i += 1) {
      for (let n = 4; n >= 1; n -= 1) {
        if (i + n > words.length) continue;
        const phrase = words
          .slice(i, i + n)
          .join(' ')
          .replace(/[.:]+$/, '');
        const hit = skills.get(phrase.toLowerCase());
        // One- and two-letter names (C, R, Go) only count when written exactly so.
        if (hit && (phrase.length > 2 || phrase === hit.name)) {
          found.set(hit.id, hit);
          break;
        }
      }
    }
  }
  return [...found.values()];
}

function sectionLines(lines: string[], name: string): string[] {
  const out: string[] = [];
  let inside = false;
  for (const line of lines) {
    const section = sectionOf(line);
    if (section) {
      inside = section === name;
      continue;
    }
    if (inside) out.push(line);
  }
  return out;
}

function experiencesOf(lines: string[], today: Today): DraftExperience[] {
  const entries: DraftExperience[] = [];
  // Word files put an empty paragraph between lines; a header is the previous line with text.
  const body = sectionLines(lines, 'experience').filter(Boolean);
  let current: DraftExperience | undefined;
  body.forEach((line, i) => {
    const range = RANGE.exec(line);
    if (!range) {
      if (current && line.trim() && !RANGE.exec(body[i + 1] ?? '')) current.description = [current.description, line.trim()].filter(Boolean).join('\n');
      return;
    }
    const rest = line.replace(range[0], '').trim();
    const header = rest.replace(/[()|,–—-]+\s*$/, '').trim() || (body[i - 1] ?? '').trim();
    const [title, company] = splitHeader(header);
    if (current?.description && header === (body[i - 1] ?? '').trim()) current.description = current.description.split('\n').slice(0, -1).join('\n') || null;
    const startDate = pointToDate(range[1], today);
    const currentPosition = /present|current|now|today/i.test(range[2]);
    const item: DraftExperience = {
      title: title.slice(0, 160),
      company: company.slice(0, 160),
      startDate,
      endDate: pointToDate(range[2], today),
      currentPosition,
      description: null,
    };
    const problems = experienceRules({ ...item }, {}, today);
    if (problems.startDate) item.startDate = null;
    if (problems.endDate) item.endDate = null;
    if (item.title) entries.push(item);
    current = item;
  });
  return entries;
}

/** The entry one to three lines of text describe, with the years of its date line. */
function educationEntry(texts: string[], range: RegExpExecArray, today: Today): DraftEducation | undefined {
  const parts = texts.flatMap((text) => text.split(/\s*(?:,|\||—|–| - | at )\s*/)).filter(Boolean);
  const institute = parts.find((p) => INSTITUTE.test(p)) ?? parts.find((p) => !DEGREE.test(p)) ?? parts[parts.length - 1] ?? '';
  if (!institute) return undefined;
  const degreeText = parts.find((p) => p !== institute && DEGREE.test(p)) ?? parts.find((p) => p !== institute) ?? null;
  const study = degreeText ? /^(.*?)\s+in\s+(.+)$/i.exec(degreeText) : null;
  const startYear = Number(range[1]);
  const endRaw = range[2];
  const endYear = endRaw && /^\d{4}$/.test(endRaw) ? Number(endRaw) : endRaw ? null : startYear;
  return {
    degree: (study ? study[1] : degreeText)?.slice(0, 160) ?? null,
    institute: institute.slice(0, 200),
    fieldOfStudy: study ? study[2].slice(0, 160) : null,
    startYear: range[2] ? startYear : null,
    endYear: endYear !== null && endYear <= today.year + 10 ? endYear : null,
  };
}

/**
 * Education entries, each anchored on the line with its years. The text of an entry is that line's
 * own, plus up to two lines just above it that no entry took ('University' / 'Degree' /
 * '2012 - 2016'); an entry still without a degree takes the line below it when that names one
 * ('University  2012 - 2016' / 'Bachelor of Arts').
 */
function educationsOf(lines: string[], today: Today): DraftEducation[] {
  const entries: DraftEducation[] = [];
  const body = sectionLines(lines, 'education').filter((l) => l.trim());
  let pending: string[] = [];
  let open: { texts: string[]; range: RegExpExecArray; at: number } | undefined;
  for (const line of body) {
    const range = YEAR_RANGE.exec(line) ?? SINGLE_YEAR.exec(line);
    if (!range) {
      if (open && DEGREE.test(line)) {
        const entry = educationEntry([...open.texts, line.trim()], open.range, today);
        if (entry) entries[open.at] = entry;
        open = undefined;
      } else pending.push(line.trim());
      continue;
    }
    const own = line
      .replace(range[0], '')
      .replace(/[()|,–—-]+\s*$/, '')
      .trim();
    const texts = [...pending.slice(-2), own].filter(Boolean);
    pending = [];
    const entry = educationEntry(texts, range, today);
    if (!entry) continue;
    entries.push(entry);
    open = entry.degree === null ? { texts, range, at: entries.length - 1 } : undefined;
  }
  return entries;
}

/**
 * Joins lines a PDF wrapped mid-item: a link cut after a '/', a date range cut after its dash.
 * Text extraction gives the visual lines, not the author's.
 */
export function unwrapLines(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.replace(/\r/g, '').split('\n')) {
    const line = raw.trim();
    const prev = out[out.length - 1];
    if (prev !== undefined && line && /(https?:\/\/|www\.|\.com)\S*\/$/i.test(prev) && /^[\w-]/.test(line)) out[out.length - 1] = prev + line;
    else if (prev !== undefined && line && /\s(-|–|—|to)$/i.test(prev) && /^(\d{1,2}[/.])?\d{4}\b|^(present|current|now)\b|^[a-z]{3,9}\.?\s+\d{4}/i.test(line))
      out[out.length - 1] = `${prev} ${line}`;
    else out.push(line);
  }
  return out;
}

/** The person's name as a CV usually opens with it. */
export function cvName(text: string): [string | null, string | null] {
  return nameOf(unwrapLines(text).filter(Boolean));
}

export function parseCv(text: string, lookups: CvLookups, today: Today = todayOf()): CvDraft {
  const lines = unwrapLines(text);
  text = lines.join('\n');
  const [firstName, lastName] = nameOf(lines.filter(Boolean));
  const email = EMAIL.exec(text)?.[0].toLowerCase() ?? null;
  const withoutLinks = text.replace(URL, ' ').replace(EMAIL, ' ');
  const phone = (withoutLinks.match(PHONE) ?? []).map(normalisePhone).find(Boolean) ?? null;
  const summary = sectionLines(lines, 'summary').filter(Boolean).join(' ').slice(0, 5000) || null;
  const experiences = experiencesOf(lines, today);
  const titles = experiences.map((e) => lookups.jobTitles.get(e.title.toLowerCase())).filter((t): t is Named => Boolean(t));
  const city = [...lookups.cities.entries()].find(
    ([name]) => name.length > 3 && new RegExp(`\\b${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i').test(lines.slice(0, 10).join(' ')),
  )?.[1];
  return {
    firstName,
    lastName,
    email,
    phone,
    ...links(text),
    summary,
    currentLocationId: city?.id ?? null,
    jobTitleLookingFor: [...new Set(titles.map((t) => t.id))].slice(0, 5),
    skills: skillsOf(text, lookups.skills).map((s) => ({ skillId: s.id, isStar: false, name: s.name })),
    experiences: experiences.sort((a, b) => Number(b.currentPosition) - Number(a.currentPosition) || (b.startDate ?? '').localeCompare(a.startDate ?? '')),
    educations: educationsOf(lines, today).sort((a, b) => (b.endYear ?? 9999) - (a.endYear ?? 9999)),
  };
}
