/**
 * A job description's text into Requirements, with the one name matcher (lookups): skills (must
 * have or nice to have, from the section and the line's wording), job titles (the title line,
 * then lines that say who is hired), languages with the level asked, locations (where the role
 * is), years, seniority (the title's 'Senior', 'Lead', ...), salary, employment types, remote
 * work and, when the text demands it, the right to work in a country. What it reads is shown to the admin, who edits it before judging.
 */
import type { Knex } from 'knex';
import { cachedIndex, type NameIndex } from '../../lookups';
import { employmentTypesIn, remoteIn, salaryIn, yearsIn } from './jdNumbers';
import { namesIn, type Found } from './phrases';
import type { Requirements, Seniority } from './types';

/** Job descriptions longer than this are read up to it (a CV's text cap is larger; a JD is a page or two). */
export const JD_MAX_CHARS = 50_000;
const MAX_SKILLS = 40;

type Context = 'required' | 'nice' | 'neutral' | 'skip';

const NICE_HEAD =
  /^(nice[- ]to[- ]haves?|bonus(?: points)?|preferred(?: qualifications| skills)?|good[- ]to[- ]haves?|desirable|pluses|plus points|extra credit|it would be great if.*|would be a plus)\b/i;
const REQUIRED_HEAD =
  /^(requirements?|required|must[- ]haves?|what you(?:'ll| will)? need|what we(?:'re| are) looking for|who you are|about you|qualifications|minimum qualifications|required skills|skills(?: (?:and|&) experience)?|you have|you bring|key skills|essential)\b/i;
const NEUTRAL_HEAD =
  /^(responsibilities|what you(?:'ll| will) do|the role|about the role|your role|role|day to day|duties|job description|tech stack|our stack)\b/i;
const SKIP_HEAD =
  /^(about us|about the company|who we are|benefits|perks|what we offer|why join us|why you'll love|our culture|equal opportunit|how to apply)\b/i;
const NICE_CUE =
  /\b(nice[- ]to[- ]have|bonus|a plus|is a plus|are a plus|preferred|preferably|ideally|good[- ]to[- ]have|desirable|advantageous|an advantage|familiarity|exposure to|not required|optional|welcome|helpful|useful)\b/i;
const REQUIRED_CUE =
  /\b(must|required|requires|essential|mandatory|strong|proficien\w*|solid|expert|deep|at least|minimum|\d+\+? years)\b/i;

/** Lines of where and what pay: they end a section of skills. */
const LOGISTICS =
  /^(?:[-*•]\s*)?(?:location|based in|office|salary|package|pay|compensation|remuneration|languages?|work mode)\b/i;

/** A section's name opening a line, with what follows it on the line ('Nice to have: OSCP'). */
function inlineHeading(line: string): { context: Context; rest: string } | undefined {
  const m = /^([^:]{3,40}):\s*(.+)$/.exec(line);
  const context = m ? headingOf(m[1]) : undefined;
  if (m && context) return { context, rest: m[2] };
  const whole = headingOf(line);
  return whole ? { context: whole, rest: '' } : undefined;
}

/** A currency code read as a skill ('PHP 80,000'). */
const isCurrency = (sentence: string, hit: Found) =>
  /^[A-Z]{3}$/.test(sentence.slice(hit.at, hit.end)) && /^\s*[\d$]/.test(sentence.slice(hit.end));

/** The role's title as the first line states it, without 'Job title:' or what follows a dash or a bracket. */
const titleOf = (line: string) =>
  line.replace(/^(job\s+title|position|role)\s*[:-]\s*/i, '').replace(/\s*[([].*$|\s+[-–—|@]\s+.*$/, '');

/** A short line that names a section, and what it makes the lines under it. */
function headingOf(line: string): Context | undefined {
  const text = line
    .replace(/^[#*\s-]+/, '')
    .replace(/[:*\s]+$/, '')
    .trim();
  if (!text || text.length > 60) return undefined;
  if (NICE_HEAD.test(text)) return 'nice';
  if (SKIP_HEAD.test(text)) return 'skip';
  if (REQUIRED_HEAD.test(text)) return 'required';
  if (NEUTRAL_HEAD.test(text)) return 'neutral';
  return undefined;
}

const LEVELS: [RegExp, number][] = [
  [/\b(native|fluent|fluency|proficient|excellent|expert|bilingual|full professional)\b/i, 3],
  [/\b(business|professional|working|good|conversational|intermediate|strong)\b/i, 2],
  [/\b(basic|elementary|some)\b/i, 1],
];

/** Words after which a capitalised place name says where the role is. */
const PLACE_CUE =
  /(?:\b(?:in|at|to|based|located|location|office|offices|relocate|relocation|onsite|on-site|hybrid)\s*[:-]?\s*$)|^\s*(?:location|based|office|where)\s*[:-]?\s*$/i;
const RIGHT_TO_WORK =
  /\b(right to work|eligible to work|eligibility to work|authori[sz]ed to work|work authori[sz]ation|work permit(?:ted)?|legally (?:able|allowed) to work)\b(?:\s+(?:in|for))?\s+(?:the\s+)?/i;
const CITIZENS_ONLY = /\b(citizens?|permanent residents?|\bPRs?\b)\b.{0,40}\b(only|required|preferred)\b/i;

/** Cues that make one clause of a sentence required though another is only a plus ('SQL first, Python welcome'). */
const CLAUSE_REQUIRED = /\b(first|must|required|essential|mandatory|needed|core)\b/i;

/**
 * Whether the skill at an offset of the sentence is only a plus. A sentence with a nice cue and a
 * required cue is read clause by clause (split at commas, semicolons, 'but' and 'while').
 */
function clauseNiceness(sentence: string, sentenceNice: boolean): (at: number) => boolean {
  if (!sentenceNice || !CLAUSE_REQUIRED.test(sentence)) return () => sentenceNice;
  const cuts = [
    0,
    ...[...sentence.matchAll(/[,;]|\b(?:but|while|whereas)\b/gi)].map((m) => m.index ?? 0),
    sentence.length,
  ];
  return (at) => {
    const k = cuts.findIndex((c, j) => j > 0 && at < c);
    const clause = sentence.slice(cuts[Math.max(0, k - 1)], cuts[k] ?? sentence.length);
    return NICE_CUE.test(clause) || !CLAUSE_REQUIRED.test(clause);
  };
}

/** The sentence's skills in order, those joined by 'or', '/' or after 'one of' / 'either' grouped as one requirement. */
function alternativesOf(sentence: string, hits: Found[]): Found[][] {
  const out: Found[][] = [];
  const listOfAlternatives = /\b(?:one of|any of|either|any one of)\b/i;
  for (const [k, hit] of hits.entries()) {
    const prev = hits[k - 1];
    if (prev) {
      const gap = sentence.slice(prev.end, hit.at);
      const joined =
        /^\s*(?:\/|or|,?\s*or)\s*$/i.test(gap) ||
        (/^\s*,\s*$/.test(gap) && listOfAlternatives.test(sentence.slice(0, out.at(-1)![0].at)));
      if (joined) {
        out.at(-1)!.push(hit);
        continue;
      }
    }
    out.push([hit]);
  }
  return out;
}

/** Single skills and groups of alternatives, required first; a skill of a group is not asked again on its own. */
function skillsOf(
  single: Map<number, { label: string; required: boolean }>,
  groups: { ids: number[]; labels: string[]; required: boolean }[],
): Requirements['skills'] {
  const grouped = new Set(groups.flatMap((g) => g.ids));
  const seen = new Set<string>();
  const out: Requirements['skills'] = [];
  for (const g of groups) {
    const key = [...g.ids].sort().join(',');
    if (seen.has(key)) continue;
    seen.add(key);
    const required = g.required || groups.some((o) => o !== g && o.required && [...o.ids].sort().join(',') === key);
    out.push({
      id: g.ids[0],
      label: g.labels[0],
      required,
      anyOf: g.ids.slice(1).map((id, i) => ({ id, label: g.labels[i + 1] })),
    });
  }
  for (const [id, s] of single) if (!grouped.has(id)) out.push({ id, label: s.label, required: s.required });
  return out;
}

function sentences(line: string): string[] {
  return line.split(/(?<=[.;!?])\s+/).filter(Boolean);
}

/** Rows of `index` named right after a cue in `line` (places of work). */
function placesIn(line: string, index: NameIndex): { id: number; label: string }[] {
  const out: { id: number; label: string }[] = [];
  for (const hit of namesIn(line, index, 3, true)) {
    const before = line.slice(Math.max(0, hit.at - 24), hit.at);
    const onLocationLine =
      /^\s*(?:[-*•]\s*)?(?:job\s+)?(?:location|based in|office|where|work location)s?\s*[:-]/i.test(line);
    // A line that opens with the place ('Bangkok, on-site.', 'Hong Kong. Salary ...') says where the role is.
    const opensLine = hit.at === 0 && /^\s*(?:[.,;:(]|$)/.test(line.slice(hit.end));
    if (
      onLocationLine ||
      opensLine ||
      PLACE_CUE.test(before) ||
      /^[,/&]|^\s*(?:and|or)\s*$/i.test(before.slice(-5).trim())
    )
      out.push({ id: hit.id, label: hit.label });
  }
  return out;
}

/** Words that pitch a role at a level, most specific first ('Lead Generation' is a skill, not a level). */
const LEVEL_WORDS: [RegExp, Seniority][] = [
  [/\b(?:principal|distinguished)\b/i, 'principal'],
  [/\b(?:lead(?!\s+generation)|staff)\b/i, 'lead'],
  [/\b(?:senior|sr\.?)(?=\s|$|[,)/-])/i, 'senior'],
  [/\bmid[- ]?level\b|\bintermediate\b/i, 'mid'],
  [/\b(?:junior|jr\.?|graduate|entry[- ]level)(?=\s|$|[,)/-])/i, 'junior'],
];

/** The level a phrase names first, by position ('Junior to Mid-level' is junior). */
function levelIn(phrase: string): Seniority | undefined {
  let best: { at: number; level: Seniority } | undefined;
  for (const [re, level] of LEVEL_WORDS) {
    const m = re.exec(phrase);
    if (m && (!best || m.index < best.at)) best = { at: m.index, level };
  }
  return best?.level;
}

/**
 * The role's seniority: the title line's level word, else a 'Seniority:' or 'Level:' line, else
 * the level of whom a line says is hired ('We are looking for a senior engineer').
 */
export function seniorityIn(title: string, lines: string[]): Seniority | undefined {
  const fromTitle = title.length <= 80 ? levelIn(title) : undefined;
  if (fromTitle) return fromTitle;
  for (const line of lines) {
    const stated = /^(?:[-*•]\s*)?(?:seniority|level|career level|experience level)\s*:\s*(.{1,40})$/i.exec(line);
    const said = stated ? levelIn(stated[1]) : undefined;
    if (said) return said;
  }
  for (const line of lines) {
    const hired =
      /\b(?:hiring|looking for|seeking|join (?:us|our team) as)\s+(?:an?\s+)?((?:[\w-]+\.?\s+){0,1}[\w-]+\.?)/i.exec(
        line,
      );
    const level = hired ? levelIn(hired[1]) : undefined;
    if (level) return level;
  }
  return undefined;
}

/**
 * A description written as one paragraph ("Java Developer. Required: Java, Spring. Nice to have: Kafka. Salary up
 * to 9000 SGD") has no title line: a first line holding a section marker ('Required:', 'Nice to have:') is read as
 * body text, one sentence a line, its first sentence the title unless that sentence is itself a section.
 */
function paragraphLines(body: string[]): string[] {
  const first = body[0] ?? '';
  const parts = first.split(/(?<=[.!?;])\s+(?=\S)/);
  if (parts.length < 2 || !parts.some((p) => inlineHeading(p))) return body;
  return [...(inlineHeading(parts[0]) ? [''] : []), ...parts, ...body.slice(1)];
}

export async function readRequirements(knex: Knex, text: string): Promise<Requirements> {
  const [skills, jobTitles, languages, locations, countries] = await Promise.all(
    (['skills', 'jobTitles', 'languages', 'locations', 'countries'] as const).map((kind) => cachedIndex(knex, kind)),
  );
  const lines = text
    .slice(0, JD_MAX_CHARS)
    .replace(/\r/g, '')
    .split('\n')
    .map((l) => l.trim());
  const body = paragraphLines(lines.filter(Boolean));

  // Skills, each line read in its section's context; a required mention wins over a nice one.
  // Skills joined by 'or' or '/' (or listed after 'one of') are one requirement any of them meets.
  const skillFound = new Map<number, { label: string; required: boolean }>();
  const groups: { ids: number[]; labels: string[]; required: boolean }[] = [];
  let section: Context = 'neutral';
  /** Contexts of the columns of a table whose head names sections ('Must have | Nice to have'). */
  let columns: Context[] | undefined;
  const titleText = titleOf(body[0] ?? '');
  const titleResolves = titleText.length <= 80 && Boolean(jobTitles.resolve(titleText));
  const readSkills = (sentence: string, sentenceNice: boolean) => {
    const hits = namesIn(sentence, skills).filter((hit) => !isCurrency(sentence, hit));
    const niceAt = clauseNiceness(sentence, sentenceNice);
    for (const group of alternativesOf(sentence, hits)) {
      const nice = group.every((hit) => niceAt(hit.at));
      if (group.length > 1) {
        groups.push({ ids: group.map((h) => h.id), labels: group.map((h) => h.label), required: !nice });
        continue;
      }
      const hit = group[0];
      const was = skillFound.get(hit.id);
      skillFound.set(hit.id, { label: hit.label, required: (was?.required ?? false) || !nice });
    }
  };
  for (const [i, line] of body.entries()) {
    // The title line names the role, and sometimes its domain ('Payments'): a skill only it names is
    // a plus, unless it is a word of a title the lookups hold ('Payroll Specialist', '.NET Developer').
    if (i === 0) {
      for (const hit of namesIn(line, skills))
        if (!(titleResolves && hit.end <= titleText.length))
          skillFound.set(hit.id, { label: hit.label, required: false });
      continue;
    }
    const cells = line.split('|').map((c) => c.trim());
    if (cells.length > 1) {
      const heads = cells.map((c) => (c ? headingOf(c) : undefined));
      if (heads.every((h) => h !== undefined)) {
        columns = heads as Context[];
        continue;
      }
      if (columns) {
        cells.forEach((cell, k) => cell && columns![k] !== 'skip' && readSkills(cell, columns![k] === 'nice'));
        continue;
      }
    } else columns = undefined;
    const inline = inlineHeading(line);
    if (inline) {
      section = inline.context;
      if (!inline.rest) continue;
    }
    // A line of logistics (where, what pay) closes a list of skills: what it says is asked as written.
    if (!inline && LOGISTICS.test(line)) section = 'neutral';
    if (section === 'skip') continue;
    for (const sentence of sentences(inline?.rest ?? line)) {
      const sentenceNice =
        section === 'nice' ? !REQUIRED_CUE.test(sentence) || NICE_CUE.test(sentence) : NICE_CUE.test(sentence);
      readSkills(sentence, sentenceNice);
    }
  }

  // Job titles: the title line as the import resolves a name, then phrases of the lines that say who is hired.
  const titles = new Map<number, string>();
  const resolved = titleResolves ? jobTitles.resolve(titleText) : undefined;
  if (resolved) titles.set(resolved.id, resolved.name);
  for (const line of [
    body[0] ?? '',
    ...body.filter((l) =>
      /\b(hiring|looking for|seeking|join (?:us|our team) as|job title|position|role of|as an?)\b/i.test(l),
    ),
  ]) {
    for (const hit of namesIn(line, jobTitles, 4)) if (titles.size < 3) titles.set(hit.id, hit.label);
  }

  // Languages, capitalised names only (codes like 'id' or 'ms' are words in prose), with the level asked nearby.
  const langs = new Map<number, { label: string; level?: number; nice: boolean }>();
  section = 'neutral';
  for (const line of body) {
    const inline = inlineHeading(line);
    if (inline) {
      section = inline.context;
      if (!inline.rest) continue;
    } else if (LOGISTICS.test(line)) section = 'neutral';
    for (const sentence of sentences(inline?.rest ?? line)) {
      const nice =
        section === 'nice' ? !REQUIRED_CUE.test(sentence) || NICE_CUE.test(sentence) : NICE_CUE.test(sentence);
      for (const hit of namesIn(sentence, languages, 4, true)) {
        if (!/^\p{Lu}/u.test(sentence.slice(hit.at))) continue;
        const level = LEVELS.find(([re]) => re.test(sentence))?.[1];
        const was = langs.get(hit.id);
        langs.set(hit.id, { label: hit.label, level: was?.level ?? level, nice: (was?.nice ?? true) && nice });
      }
    }
  }

  const places = new Map<number, string>();
  for (const line of body) for (const p of placesIn(line, locations)) if (places.size < 10) places.set(p.id, p.label);

  const rightToWorkIn = new Set<number>();
  for (const line of body) {
    const m = RIGHT_TO_WORK.exec(line);
    if (m)
      for (const c of namesIn(line.slice(m.index + m[0].length, m.index + m[0].length + 60), countries, 4, true).slice(
        0,
        3,
      ))
        rightToWorkIn.add(c.id);
    else if (CITIZENS_ONLY.test(line))
      for (const c of namesIn(line, countries, 4, true).slice(0, 3)) rightToWorkIn.add(c.id);
  }

  const years = yearsIn(body);
  const seniority = seniorityIn(titleText, body.slice(1));
  const salary = salaryIn(body);
  const remote = remoteIn(text.slice(0, JD_MAX_CHARS));
  const found = skillsOf(skillFound, groups);
  return {
    // Required first, in order of appearance, within the limit an admin edits comfortably.
    skills: [...found.filter((s) => s.required), ...found.filter((s) => !s.required)].slice(0, MAX_SKILLS),
    jobTitles: [...titles].map(([id, label]) => ({ id, label })),
    languages: [...langs].map(([id, l]) => ({
      id,
      label: l.label,
      ...(l.level ? { level: l.level } : {}),
      ...(l.nice ? { required: false } : {}),
    })),
    locations: [...places].map(([id, label]) => ({ id, label })),
    ...(years ? { years } : {}),
    ...(seniority ? { seniority } : {}),
    ...(salary ? { salary } : {}),
    employmentTypes: employmentTypesIn(text.slice(0, JD_MAX_CHARS)),
    ...(remote !== undefined ? { remote } : {}),
    ...(rightToWorkIn.size ? { rightToWorkIn: [...rightToWorkIn] } : {}),
  };
}
