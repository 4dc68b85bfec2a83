/**
 * Turns a CV's text into a draft profile: contact details and links (contacts.ts), skills, job
 * titles and cities matched against the lookups, experience and education entries by their date
 * ranges within their sections. Pure: the lookups come in as maps. Entries whose dates break the
 * profile rules are kept without the offending dates, so the draft always saves once completed.
 *
 * Linear in the text's length: every pattern is bounded, lines too long to be a heading or a date
 * line are only read for skills, and nothing is built by repeated concatenation. The text is
 * capped before it gets here (CV_MAX_TEXT_CHARS), and the parser runs in its own thread.
 */
import type { CvDraft, DraftEducation, DraftExperience } from '../../../schema/cvDraft';
import { experienceRules, todayOf, type Today } from '../../../schema/rules/candidate';
import { emailsOf, normalisePhone, PHONE_RUN, profileLinks, withoutLinks } from './contacts';

export type { CvDraft, DraftEducation, DraftExperience };

export interface Named {
  id: number;
  name: string;
  /** Set when the key is one of the row's aliases: the phrase must be written as the alias is. */
  as?: string;
}

export interface CvLookups {
  /** Matched text (lower case) → row, for skills, job titles and cities: built by cvLookups (lookups.ts). */
  skills: Map<string, Named>;
  jobTitles: Map<string, Named>;
  cities: Map<string, Named>;
  /** Which load these maps come from: the reading thread keeps the last one it was sent. */
  version: number;
}

/** A profile's limits (the candidate's child lists and skills), so a draft always saves. */
const MAX = { experiences: 50, educations: 20, skills: 100, description: 5000, summary: 5000 };
/** Lines longer than this are prose: never a heading, a name, or a date line. */
const SHORT_LINE = 200;

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH = String.raw`(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)`;
const POINT = String.raw`(?:${MONTH}\.?\s{1,3}\d{4}|\d{1,2}[/.]\d{4}|\d{4}-\d{2}|\d{4})`;
const END = String.raw`(?:${POINT}|present|current|now|today)`;
const RANGE = new RegExp(String.raw`(${POINT})\s{0,3}(?:-|–|—|to|until)\s{0,3}(${END})`, 'i');
const YEAR_RANGE = /\b(19[5-9]\d|20\d{2})\s{0,3}(?:-|–|—|to)\s{0,3}(19[5-9]\d|20\d{2}|present|current|now)\b/i;
const SINGLE_YEAR = /\b(19[5-9]\d|20\d{2})\b/;

const SECTIONS: Record<string, RegExp> = {
  experience: /^(work\s+|professional\s+|employment\s+)?(experience|history|employment)(\s+history)?:?$/i,
  education: /^(education|academic\s+(background|history)|qualifications):?$/i,
  summary: /^(summary|profile|about(\s+me)?|professional\s+summary|objective):?$/i,
  skills: /^(skills|technical\s+skills|core\s+skills|key\s+skills):?$/i,
  other:
    /^(languages|certifications?|projects|awards|references|referees|interests|hobbies|contact|personal\s+(details|particulars)):?$/i,
};
const INSTITUTE = /\b(university|college|institute|school|polytechnic|academy|universiti|universitas)\b/i;
const DEGREE =
  /\b(bachelor|master|diploma|degree|doctor|ph\.?d|mba|b\.?(sc|a|eng|comp)|m\.?(sc|a|eng)|associate|certificate|a[- ]levels?|o[- ]levels?|high school diploma)\b/i;

export function sectionOf(line: string): string | undefined {
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

function nameOf(lines: string[]): [string | null, string | null] {
  for (const line of lines.slice(0, 8)) {
    const clean = line.trim();
    if (
      clean.length > 60 ||
      !/^[\p{L}'’.-]+(\s[\p{L}'’.-]+){1,3}$/u.test(clean) ||
      sectionOf(clean) ||
      /curriculum|resume|vitae/i.test(clean)
    )
      continue;
    const words = clean.split(/\s+/);
    return [words[0], words.slice(1).join(' ')];
  }
  return [null, null];
}

/** Words of a line as lookups are written: separators dropped, trailing dots and colons trimmed. */
const wordsOf = (line: string) =>
  line
    .split(/[\s,;|/•·()]+/)
    .map((w) => w.replace(/[.:]+$/, ''))
    .filter(Boolean);

/**
 * Names of a lookup found in the lines, in order of appearance: phrases of up to four words
 * looked up as written (the map holds every name and alias in lower case). One- and two-letter
 * names (C, R, Go) and every alias ('Kafka', 'AWS') only count when written exactly so.
 */
function namesIn(lines: string[], names: Map<string, Named>, minLength = 1): Named[] {
  const found = new Map<number, Named>();
  for (const line of lines) {
    const words = wordsOf(line);
    for (let i = 0; i < words.length; i += 1) {
      for (let n = Math.min(4, words.length - i); n >= 1; n -= 1) {
        const phrase = words.slice(i, i + n).join(' ');
        if (phrase.length < minLength) continue;
        const hit = names.get(phrase.toLowerCase());
        if (hit && (hit.as !== undefined ? phrase === hit.as : phrase.length > 2 || phrase === hit.name)) {
          if (!found.has(hit.id)) found.set(hit.id, hit);
          i += n - 1;
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

/** A line's date range and what else the line says, or undefined for prose and undated lines. */
function dateLine(line: string | undefined): { range: RegExpExecArray; rest: string } | undefined {
  if (!line || line.length > SHORT_LINE) return undefined;
  const range = RANGE.exec(line);
  if (!range) return undefined;
  return {
    range,
    rest: line
      .replace(range[0], '')
      .replace(/[()|,–—-]+\s*$/, '')
      .replace(/^\s*[()|,–—-]+/, '')
      .trim(),
  };
}

function experiencesOf(lines: string[], today: Today): DraftExperience[] {
  const entries: { item: DraftExperience; description: string[] }[] = [];
  // Word files put an empty paragraph between lines; a header is the previous line with text.
  const body = sectionLines(lines, 'experience').filter(Boolean);
  body.forEach((line, i) => {
    const dated = dateLine(line);
    if (!dated) {
      // A line just above a date line that says nothing else is the next entry's header.
      const next = dateLine(body[i + 1]);
      if (next && !next.rest && line.length <= SHORT_LINE) return;
      entries[entries.length - 1]?.description.push(line.trim());
      return;
    }
    const header = dated.rest || (body[i - 1] ?? '').trim();
    const [title, company] = splitHeader(header);
    const item: DraftExperience = {
      title: title.slice(0, 160),
      company: company.slice(0, 160),
      startDate: pointToDate(dated.range[1], today),
      endDate: pointToDate(dated.range[2], today),
      currentPosition: /present|current|now|today/i.test(dated.range[2]),
      description: null,
    };
    const problems = experienceRules({ ...item }, {}, today);
    if (problems.startDate) item.startDate = null;
    if (problems.endDate) item.endDate = null;
    if (item.title) entries.push({ item, description: [] });
  });
  return entries.map(({ item, description }) => ({
    ...item,
    description: description.join('\n').slice(0, MAX.description) || null,
  }));
}

/** The entry one to three lines of text describe, with the years of its date line. */
function educationEntry(texts: string[], range: RegExpExecArray, today: Today): DraftEducation | undefined {
  const parts = texts.flatMap((text) => text.split(/\s*(?:,|\||—|–| - | at )\s*/)).filter(Boolean);
  const institute =
    parts.find((p) => INSTITUTE.test(p)) ?? parts.find((p) => !DEGREE.test(p)) ?? parts[parts.length - 1] ?? '';
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
  const body = sectionLines(lines, 'education').filter((l) => l.trim() && l.length <= SHORT_LINE);
  let pending: string[] = [];
  let open: { texts: string[]; range: RegExpExecArray; at: number } | undefined;
  for (const line of body) {
    const range = YEAR_RANGE.exec(line) ?? SINGLE_YEAR.exec(line);
    if (!range) {
      if (open && DEGREE.test(line)) {
        const entry = educationEntry([...open.texts, line.trim()], open.range, today);
        if (entry) entries[open.at] = entry;
        open = undefined;
      } else pending = [...pending.slice(-1), line.trim()];
      continue;
    }
    const own = line
      .replace(range[0], '')
      .replace(/[()|,–—-]+\s*$/, '')
      .trim();
    const texts = [...pending, own].filter(Boolean);
    pending = [];
    const entry = educationEntry(texts, range, today);
    if (!entry) continue;
    entries.push(entry);
    open = entry.degree === null ? { texts, range, at: entries.length - 1 } : undefined;
  }
  return entries;
}

/** A link's last part ends the line ('https://github.com/' + next line 'jane'). */
const endsInCutLink = (line: string) =>
  line.endsWith('/') && /https?:\/\/|www\.|\.com/i.test(line.slice(line.lastIndexOf(' ') + 1));
const endsInDash = (line: string) => /\s(?:-|–|—|to)$/i.test(line.slice(-4));
const startsDateEnd = /^(?:\d{1,2}[/.])?\d{4}\b|^(?:present|current|now)\b|^[a-z]{3,9}\.?\s{1,3}\d{4}/i;

/**
 * Joins lines a PDF wrapped mid-item: a link cut after a '/', a date range cut after its dash.
 * Text extraction gives the visual lines, not the author's.
 */
export function unwrapLines(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.replace(/\r/g, '').split('\n')) {
    const line = raw.trim();
    const prev = out[out.length - 1];
    if (prev !== undefined && line && endsInCutLink(prev) && /^[\w-]/.test(line)) out[out.length - 1] = prev + line;
    else if (prev !== undefined && line && endsInDash(prev) && startsDateEnd.test(line))
      out[out.length - 1] = `${prev} ${line}`;
    else out.push(line);
  }
  return out;
}

/** The person's name as a CV usually opens with it. */
export function cvName(text: string): [string | null, string | null] {
  return nameOf(unwrapLines(text).filter(Boolean));
}

/** The first city the CV's opening lines name (where the candidate lives, as CVs put it under the name). */
function cityOf(lines: string[], cities: Map<string, Named>): Named | undefined {
  return namesIn(lines.slice(0, 10), cities, 4)[0];
}

export function parseCv(text: string, lookups: CvLookups, today: Today = todayOf()): CvDraft {
  const lines = unwrapLines(text);
  const joined = lines.join('\n');
  // Links and addresses are contact details, never skills ('https' of a GitHub link is no skill).
  const plain = withoutLinks(joined);
  const plainLines = plain.split('\n');
  const [firstName, lastName] = nameOf(lines.filter(Boolean));
  const email = emailsOf(joined)[0]?.toLowerCase() ?? null;
  const phone = (plain.match(PHONE_RUN) ?? []).map(normalisePhone).find(Boolean) ?? null;
  const summary = sectionLines(lines, 'summary').filter(Boolean).join(' ').slice(0, MAX.summary) || null;
  const experiences = experiencesOf(lines, today).slice(0, MAX.experiences);
  const titles = experiences
    .map((e) => lookups.jobTitles.get(e.title.toLowerCase()))
    .filter((t): t is Named => Boolean(t));
  return {
    firstName,
    lastName,
    email,
    phone,
    ...profileLinks(joined),
    summary,
    currentLocationId: cityOf(plainLines, lookups.cities)?.id ?? null,
    jobTitleLookingFor: [...new Set(titles.map((t) => t.id))].slice(0, 5),
    skills: namesIn(plainLines, lookups.skills)
      .slice(0, MAX.skills)
      .map((s) => ({ skillId: s.id, isStar: false, name: s.name })),
    experiences: experiences.sort(
      (a, b) =>
        Number(b.currentPosition) - Number(a.currentPosition) || (b.startDate ?? '').localeCompare(a.startDate ?? ''),
    ),
    educations: educationsOf(lines, today)
      .slice(0, MAX.educations)
      .sort((a, b) => (b.endYear ?? 9999) - (a.endYear ?? 9999)),
  };
}
