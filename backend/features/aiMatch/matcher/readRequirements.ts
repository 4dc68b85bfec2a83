/**
 * A job description's text into Requirements, with the one name matcher (lookups): skills (must
 * have or nice to have, from the section and the line's wording), job titles (the title line,
 * then lines that say who is hired), languages with the level asked, locations (where the role
 * is), years, salary, employment types, remote work and, when the text demands it, the right to
 * work in a country. What it reads is shown to the admin, who edits it before judging.
 */
import type { Knex } from 'knex';
import { cachedIndex, type NameIndex } from '../../lookups';
import { employmentTypesIn, remoteIn, salaryIn, yearsIn } from './jdNumbers';
import { namesIn } from './phrases';
import type { Requirements } from './types';

/** Job descriptions longer than this are read up to it (a CV's text cap is larger; a JD is a page or two). */
export const JD_MAX_CHARS = 50_000;
const MAX_SKILLS = 40;

type Context = 'required' | 'nice' | 'neutral' | 'skip';

const NICE_HEAD =
  /^(nice[- ]to[- ]haves?|bonus(?: points)?|preferred(?: qualifications| skills)?|good[- ]to[- ]haves?|desirable|pluses|plus points|extra credit|it would be great if.*|would be a plus)\b/i;
const REQUIRED_HEAD =
  /^(requirements?|must[- ]haves?|what you(?:'ll| will)? need|what we(?:'re| are) looking for|who you are|about you|qualifications|minimum qualifications|required skills|skills(?: (?:and|&) experience)?|you have|you bring|key skills|essential)\b/i;
const NEUTRAL_HEAD =
  /^(responsibilities|what you(?:'ll| will) do|the role|about the role|your role|role|day to day|duties|job description|tech stack|our stack)\b/i;
const SKIP_HEAD =
  /^(about us|about the company|who we are|benefits|perks|what we offer|why join us|why you'll love|our culture|equal opportunit|how to apply)\b/i;
const NICE_CUE =
  /\b(nice[- ]to[- ]have|bonus|a plus|is a plus|are a plus|preferred|preferably|ideally|good[- ]to[- ]have|desirable|advantageous|an advantage|familiarity|exposure to|not required|optional)\b/i;
const REQUIRED_CUE =
  /\b(must|required|requires|essential|mandatory|strong|proficien\w*|solid|expert|deep|at least|minimum|\d+\+? years)\b/i;

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
    if (onLocationLine || PLACE_CUE.test(before) || /^[,/&]|^\s*(?:and|or)\s*$/i.test(before.slice(-5).trim()))
      out.push({ id: hit.id, label: hit.label });
  }
  return out;
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
  const body = lines.filter(Boolean);

  // Skills, each line read in its section's context; a required mention wins over a nice one.
  const skillFound = new Map<number, { label: string; required: boolean }>();
  let section: Context = 'neutral';
  for (const [i, line] of body.entries()) {
    // The title line names the role, and sometimes its domain ('Payments'): a skill only it names is a plus.
    if (i === 0) {
      for (const hit of namesIn(line, skills)) skillFound.set(hit.id, { label: hit.label, required: false });
      continue;
    }
    const heading = headingOf(line);
    if (heading) {
      section = heading;
      continue;
    }
    if (section === 'skip') continue;
    for (const sentence of sentences(line)) {
      const nice =
        section === 'nice' ? !REQUIRED_CUE.test(sentence) || NICE_CUE.test(sentence) : NICE_CUE.test(sentence);
      for (const hit of namesIn(sentence, skills)) {
        const was = skillFound.get(hit.id);
        skillFound.set(hit.id, { label: hit.label, required: (was?.required ?? false) || !nice });
      }
    }
  }

  // Job titles: the title line as the import resolves a name, then phrases of the lines that say who is hired.
  const titles = new Map<number, string>();
  const titleLine = (body[0] ?? '')
    .replace(/^(job\s+title|position|role)\s*[:-]\s*/i, '')
    .replace(/\s*[([].*$|\s+[-–—|@]\s+.*$/, '');
  const resolved = titleLine.length <= 80 ? jobTitles.resolve(titleLine) : undefined;
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
    const heading = headingOf(line);
    if (heading) {
      section = heading;
      continue;
    }
    for (const sentence of sentences(line)) {
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
  const salary = salaryIn(body);
  const remote = remoteIn(text.slice(0, JD_MAX_CHARS));
  const found = [...skillFound].map(([id, s]) => ({ id, label: s.label, required: s.required }));
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
    ...(salary ? { salary } : {}),
    employmentTypes: employmentTypesIn(text.slice(0, JD_MAX_CHARS)),
    ...(remote !== undefined ? { remote } : {}),
    ...(rightToWorkIn.size ? { rightToWorkIn: [...rightToWorkIn] } : {}),
  };
}
