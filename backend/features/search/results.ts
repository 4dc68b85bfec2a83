/**
 * The candidates of a page as search shows them (spec section 3's search result): who they are
 * when this viewer may see it, title, current location, salary in the asked currency, years of
 * experience, top skills, tags, last update, and `matched`: the skills, titles, locations and
 * text snippets, with highlights, that made them match.
 */
import type { Knex } from 'knex';
import { dispatched } from '../../db/dispatch';
import { entity } from '../../../schema';
import { formatId } from '../../../schema/lib/ids';
import type { Actor } from '../../../schema/roles';
import type { Filters } from './filters';
import type { Labels, Option } from './labels';
import { identityFields, present, SEARCH, shownSelect, viewerOf, type GateRow } from '../../services/candidateGate';
import { seesCuration } from './visibility';
import { normalise } from '../../services/lookups/match';
import { TEXT_CONFIG } from './text';

const candidate = entity('candidate');
/** Marks around highlighted words in PostgreSQL's headlines; split into segments before leaving the server. */
const OPEN = '\u27e6';
const CLOSE = '\u27e7';
const SPLIT = '\u27eb';
const HEADLINE = `StartSel=${OPEN}, StopSel=${CLOSE}, MaxFragments=2, MinWords=8, MaxWords=24, FragmentDelimiter=${SPLIT}`;

/** A piece of text, highlighted where it matched. */
export interface Segment {
  text: string;
  hit: boolean;
}

export function segments(marked: string): Segment[] {
  const out: Segment[] = [];
  const pattern = new RegExp(`${OPEN}([^${CLOSE}]*)${CLOSE}`, 'g');
  let last = 0;
  for (let m = pattern.exec(marked); m; m = pattern.exec(marked)) {
    if (m.index > last) out.push({ text: marked.slice(last, m.index), hit: false });
    out.push({ text: m[1], hit: true });
    last = m.index + m[0].length;
  }
  if (last < marked.length) out.push({ text: marked.slice(last), hit: false });
  return out;
}

/** Words of `text` starting with any typed word, highlighted (admins' name search). */
export function prefixSegments(text: string, typed: string): Segment[] {
  const words = normalise(typed).match(/[\p{L}\p{N}]+/gu) ?? [];
  const out: Segment[] = [];
  for (const part of text.split(/(\s+)/)) {
    const hit = part.trim() !== '' && words.some((w) => normalise(part).startsWith(w));
    const prev = out[out.length - 1];
    if (prev && prev.hit === hit) prev.text += part;
    else out.push({ text: part, hit });
  }
  return out;
}

interface Row extends GateRow {
  id: number;
  guid: string;
  skills: { skillId: number; isStar?: boolean }[] | null;
  job_title_ids: number[];
  latest_job_title: string | null;
  current_location_id: number | null;
  preferred_location_ids: number[];
  language_ids: number[];
  industry_ids: number[];
  tag_ids: number[];
  skill_ids: number[];
  expected_salary: number | null;
  salary_currency: string | null;
  salary_sgd: number | null;
  career_start: string | null;
  updated_at: Date;
  status: number;
  summary_hl: string | null;
  text_skills: number[] | null;
  text_titles: number[] | null;
  experience_hits: { title: string; company: string }[] | null;
}

export interface ResultContext {
  actor: Actor;
  filters: Filters;
  labels: Labels;
  currency: string;
  rates: Map<string, number>;
}

/** Whole years from `since` (a 'YYYY-MM-DD' career start) to today, both UTC days, as the experience filter counts them. */
export function experienceYears(since: string | null, now = new Date()): number {
  if (!since) return 0;
  const start = new Date(`${since.slice(0, 10)}T00:00:00Z`);
  let n = now.getUTCFullYear() - start.getUTCFullYear();
  const [month, day] = [now.getUTCMonth(), now.getUTCDate()];
  if (month < start.getUTCMonth() || (month === start.getUTCMonth() && day < start.getUTCDate())) n -= 1;
  return Math.max(0, n);
}

const defined = <T>(list: (T | undefined)[]): T[] => list.filter((x): x is T => x !== undefined);

export async function loadResults(knex: Knex, ids: number[], ctx: ResultContext): Promise<Record<string, unknown>[]> {
  return (await readResults(knex, ids, ctx)).docs;
}

/** Starts reading the results; resolves once their statements have been sent, so that work done meanwhile overlaps them. */
export async function readResults(
  knex: Knex,
  ids: number[],
  ctx: ResultContext,
): Promise<{ docs: Promise<Record<string, unknown>[]> }> {
  if (!ids.length) return { docs: Promise.resolve([]) };
  const { filters } = ctx;
  const q = filters.text?.query;
  // Employers are matched by the admins' filter as weighted words; the experience rows carry no weights.
  const words = [q, filters.company?.replace(/:\*C/g, ':*')].filter(Boolean) as string[];
  const bindings: unknown[] = [];
  const textColumns = q
    ? `, ts_headline('${TEXT_CONFIG}', replace(replace(coalesce(c.summary, ''), '${OPEN}', '['), '${CLOSE}', ']'), ?::tsquery, '${HEADLINE}') as summary_hl,
       array(select s.id from skills s where s.id = any(d.skill_ids) and to_tsvector('${TEXT_CONFIG}', s.name) @@ ?::tsquery) as text_skills,
       array(select j.id from job_titles j where j.id = any(d.job_title_ids) and to_tsvector('${TEXT_CONFIG}', j.name) @@ ?::tsquery) as text_titles`
    : '';
  if (q) bindings.push(q, q, q);
  // Experience titles and employers that matched the text (or the admins' employer filter), highlighted.
  const hits = words.length
    ? `, (select json_agg(json_build_object('title', ts_headline('${TEXT_CONFIG}', x.title, w.q, 'HighlightAll=true, StartSel=${OPEN}, StopSel=${CLOSE}'),
                                         'company', ts_headline('${TEXT_CONFIG}', x.company, w.q, 'HighlightAll=true, StartSel=${OPEN}, StopSel=${CLOSE}'))
                          order by x.current_position desc, x.start_date desc)
          from candidate_experiences x, (select (${words.map(() => '?::tsquery').join(' || ')}) as q) w
          where x.candidate_id = d.id and to_tsvector('${TEXT_CONFIG}', x.title || ' ' || x.company) @@ w.q) as experience_hits`
    : '';
  bindings.push(...words);
  const read = (part: number[]) =>
    dispatched<{ rows: Row[] }>(
      knex.raw(
        `select d.id, c.guid, ${shownSelect(viewerOf(ctx.actor), SEARCH)}, c.skills, d.job_title_ids, d.latest_job_title, d.current_location_id,
            d.preferred_location_ids, d.language_ids, d.industry_ids, d.tag_ids, d.skill_ids, d.expected_salary, d.salary_currency, d.salary_sgd,
            d.career_start::text as career_start, c.updated_at, d.status${textColumns}${hits}
       from candidate_search_documents d join candidates c on c.id = d.id
      where d.id = any(?::int[])`,
        [...bindings, part] as Knex.RawBinding[],
      ),
    );
  // Highlighting is most of the work when there is text: the page is read in two halves side by side.
  const parts = words.length && ids.length > 1 ? [ids.slice(0, ids.length >> 1), ids.slice(ids.length >> 1)] : [ids];
  const reads = await Promise.all(parts.map(read));
  const docs = Promise.all(reads.map((r) => r.result)).then((results) => {
    const byId = new Map(results.flatMap((r) => r.rows).map((r) => [r.id, r]));
    return defined(ids.map((id) => byId.get(id))).map((row) => toDoc(row, ctx));
  });
  docs.catch(() => undefined);
  return { docs };
}

function toDoc(row: Row, ctx: ResultContext): Record<string, unknown> {
  const { actor, filters, labels } = ctx;
  const shown = present(row);
  const picked = (kind: Parameters<Labels['of']>[0], ids: number[], chosen: number[] | undefined) =>
    defined(ids.filter((id) => chosen?.includes(id)).map((id) => labels.of(kind, id)));
  const skillOrder = [...(row.skills ?? [])].sort((a, b) => Number(Boolean(b.isStar)) - Number(Boolean(a.isStar)));
  const textSkills = new Set(row.text_skills ?? []);
  const filterSkills = new Set(filters.selected.s ?? []);
  const jobTitles = defined(row.job_title_ids.map((id) => labels.of('jobTitle', id)));
  const rate = (currency: string | null) => (currency ? ctx.rates.get(currency) : undefined);
  const asked = rate(ctx.currency);
  const doc: Record<string, unknown> = {
    id: formatId(candidate, row.id),
    guid: row.guid,
    ...identityFields(shown),
    title: row.latest_job_title ?? jobTitles[0]?.label ?? null,
    jobTitles,
    currentLocation: row.current_location_id ? (labels.of('city', row.current_location_id) ?? null) : null,
    salary:
      row.expected_salary === null
        ? null
        : {
            amount: row.salary_sgd !== null && asked ? Math.round(row.salary_sgd / asked) : null,
            currency: ctx.currency,
            original: { amount: row.expected_salary, currency: row.salary_currency },
          },
    experienceYears: experienceYears(row.career_start),
    topSkills: defined(
      skillOrder.slice(0, 5).map((s) => {
        const option = labels.of('skill', s.skillId);
        return (
          option && {
            ...option,
            starred: Boolean(s.isStar),
            matched: textSkills.has(s.skillId) || filterSkills.has(s.skillId),
          }
        );
      }),
    ),
    tags: defined(row.tag_ids.map((id) => labels.of('tag', id))),
    lastUpdated: row.updated_at.toISOString().slice(0, 10),
    // The instant too: a browser writes the day it was in its reader's zone (lastUpdated is the UTC day, spec 7).
    updatedAt: row.updated_at.toISOString(),
    matched: matched(row, ctx),
  };
  if (seesCuration(actor)) {
    doc.adminAnonymous = shown.adminAnonymous;
    doc.status = row.status;
  }
  if (shown.contact) Object.assign(doc, { email: shown.contact.email, phone: shown.contact.phone });
  return doc;

  function matched(r: Row, c: ResultContext) {
    const withVia = (options: Option[], via: string) => options.map((o) => ({ ...o, via }));
    const skills = [
      ...withVia(picked('skill', r.skill_ids, c.filters.selected.s), 'filter'),
      ...withVia(
        defined((r.text_skills ?? []).filter((id) => !filterSkills.has(id)).map((id) => labels.of('skill', id))),
        'text',
      ),
    ];
    const titles = [
      ...withVia(picked('jobTitle', r.job_title_ids, c.filters.selected.jt), 'filter'),
      ...withVia(
        defined(
          (r.text_titles ?? [])
            .filter((id) => !c.filters.selected.jt?.includes(id))
            .map((id) => labels.of('jobTitle', id)),
        ),
        'text',
      ),
    ];
    const locations = [
      ...withVia(picked('city', r.preferred_location_ids, c.filters.selected.l), 'preferred'),
      ...withVia(
        picked('city', r.current_location_id ? [r.current_location_id] : [], c.filters.selected.cl),
        'current',
      ),
    ];
    const out: Record<string, unknown> = {
      skills,
      titles,
      locations,
      languages: picked('language', r.language_ids, c.filters.selected.lang),
      industries: picked('industry', r.industry_ids, c.filters.selected.i),
      tags: picked('tag', r.tag_ids, c.filters.selected.bd),
      experience: (r.experience_hits ?? [])
        .slice(0, 3)
        .map((x) => ({ title: segments(x.title), company: segments(x.company) })),
      snippets:
        r.summary_hl && r.summary_hl.includes(OPEN)
          ? r.summary_hl.split(SPLIT).map((f) => ({ field: 'summary', text: segments(f.trim()) }))
          : [],
    };
    if (c.filters.names && shown.name) out.name = prefixSegments(shown.name, c.filters.names.raw);
    return out;
  }
}
