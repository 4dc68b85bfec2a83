/**
 * Which profile's value survives a merge, field by field: the admin's choice, else the one that
 * holds something, else the newer profile's (the one written last). Tags are the union of both.
 * Fields derived from another (preferredLocationIds from preferredLocations) follow their source.
 * What the person chose about being seen is the exception (PROTECTIVE): where the two differ, the side that shows
 * them less is the default, whichever is newer, as the consents' merge keeps a withdrawal (merge.ts). So is their
 * WhatsApp: it goes with the phone it was said of (COMPANIONS), and of one number on both profiles, a STOP on
 * either (phone_whatsapp false, whatsappOutbox.ts) is kept. A salary's currency goes with its amount likewise.
 */
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { formatCount, t } from '../../../i18n';
import { entity } from '../../../schema';
import { CANDIDATE_STATUS, CV_PATH_PATTERN, NOTICE_PERIOD_TYPES } from '../../../schema/entities/talentOptions';
import type { FieldDef } from '../../../schema/lib/types';
import { formatDate, formatMonth } from '../../../schema/rules/dates';
import { badRequest } from '../../errors';
import { cachedIndex } from '../../services/lookups/load';
import type { LookupKind } from '../../services/lookups/sources';
import { phoneKey } from './keys';

const candidate = entity('candidate');

/** Never chosen: identity of the row itself and what the product keeps on its own. */
const FIXED = new Set(['guid', 'createdAt', 'updatedAt', 'tags']);

/** The profile fields an admin chooses between, in the form's order. */
export const MERGE_FIELDS: string[] = Object.entries(candidate.fields)
  .filter(([name, def]) => !FIXED.has(name) && !def.derivedFrom && !def.hidden)
  .map(([name]) => name);

/**
 * Columns that go with another field's: who chose the status (selfChosenStatus) and the status a pause left
 * (pausedFrom, what an activation returns to) describe the status they came with, never the other profile's; whether
 * a phone takes WhatsApp (phoneWhatsapp) was said of that phone, never of the other profile's; a salary's currency
 * is that of its amount (the column is never empty, 'SGD' by default, so a profile without a salary still has one),
 * never the other profile's, and what the search reads of it (salary_sgd) is worked out again from the pair kept.
 */
const COMPANIONS: Record<string, string[]> = {
  status: ['selfChosenStatus', 'pausedFrom'],
  phone: ['phoneWhatsapp'],
  expectedSalary: ['expectedSalaryCurrency'],
  currentSalary: ['currentSalaryCurrency'],
};

const COMPANION_FIELDS = new Set(Object.values(COMPANIONS).flat());

/**
 * The fields an admin chooses between, as the review offers them: a companion is chosen with its field, never on its
 * own (a `keep` naming one on another side than its field's is refused, choicesFor).
 */
export const CHOSEN_FIELDS: string[] = MERGE_FIELDS.filter((f) => !COMPANION_FIELDS.has(f));

/** A field's columns: its own, those derived from it and its companions. */
export function columnsOf(field: string): string[] {
  const derived = Object.entries(candidate.fields)
    .filter(([, def]) => def.derivedFrom?.field === field)
    .map(([name]) => name);
  return [field, ...derived, ...(COMPANIONS[field] ?? [])].map(snake);
}

export const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export type Side = 'survivor' | 'merged';
export type Choices = Record<string, Side>;
type Row = Record<string, unknown>;

const empty = (v: unknown) =>
  v === null ||
  v === undefined ||
  v === '' ||
  (Array.isArray(v) && v.length === 0) ||
  (typeof v === 'object' && !Array.isArray(v) && v !== null && Object.keys(v).length === 0);

const paused = (row: Row) => row.status === CANDIDATE_STATUS.inactive;

/** A profile its person paused themselves (or that retention archived, which pauses it as theirs): hidden from all. */
export const selfPaused = (row: Row) => paused(row) && row.self_chosen_status === true;

/** The side for which `guarded` holds when it holds for one side only; else none (the ordinary default). */
const sideWhere =
  (guarded: (row: Row) => boolean) =>
  (survivor: Row, merged: Row): Side | undefined =>
    guarded(survivor) === guarded(merged) ? undefined : guarded(survivor) ? 'survivor' : 'merged';

/** A pause of the person's own over a profile not paused; two paused profiles (one by an admin) take the ordinary default. */
const pauseStands = (survivor: Row, merged: Row): Side | undefined =>
  paused(survivor) && paused(merged) ? undefined : sideWhere(selfPaused)(survivor, merged);

/** The country (ISO code) of each current location the two profiles name (keys.ts locationCountries). */
export type Countries = ReadonlyMap<number, string>;

/**
 * A phone as its match key reads it (keys.ts phoneKey), with its profile's country: '+44 7911 123456' and
 * '07911123456' in the UK are one number, as '+65 9123 4567' and '6591234567' are.
 */
const phoneDigits = (row: Row, countries: Countries) =>
  phoneKey(row.phone, countries.get(row.current_location_id as number)) ?? '';

/** One number on both profiles: the side where it replied STOP (phone_whatsapp false), its WhatsApp coming with it. */
const stopStands = (survivor: Row, merged: Row, countries: Countries): Side | undefined => {
  const number = phoneDigits(survivor, countries);
  if (!number || number !== phoneDigits(merged, countries)) return undefined;
  return sideWhere((row) => row.phone_whatsapp === false)(survivor, merged);
};

/**
 * The person's choices about being seen and reached: where the two profiles differ, the more protective side is the
 * default. A pause of their own stands over an active profile; anonymous over named; hidden (visibility false; true or
 * unset shows the profile, candidateGate/sql.ts) over visible; of one phone number, no WhatsApp over WhatsApp. An
 * admin's explicit `keep` may still pick the other side (un-pausing a self-paused person asks for confirmation
 * first, as the bulk status change does: merge.ts).
 */
const PROTECTIVE: Record<string, (survivor: Row, merged: Row, countries: Countries) => Side | undefined> = {
  status: pauseStands,
  anonymous: sideWhere((row) => row.anonymous === true),
  visibility: sideWhere((row) => row.visibility === false),
  phone: stopStands,
};

/** The protective fields and their companions: an admin's explicit choice of one of them overrides the person's. */
export const PROTECTIVE_FIELDS: string[] = Object.keys(PROTECTIVE).flatMap((f) => [f, ...(COMPANIONS[f] ?? [])]);

/**
 * A digest of the two profiles' protective columns, whichever side is kept (in id order): the review reads it with
 * its defaults, and a merge whose admin chose a protective field is refused once it changed (merge.ts), as the
 * person's later choice about being seen would be overridden by a choice made before it.
 */
export function protectiveStamp(a: Row, b: Row): string {
  const cols = PROTECTIVE_FIELDS.map(snake);
  const values = [a, b]
    .sort((x, y) => Number(x.id) - Number(y.id))
    .map((row) => [row.id, ...cols.map((c) => row[c] ?? null)]);
  return createHash('sha256').update(JSON.stringify(values)).digest('hex').slice(0, 32);
}

/** Rows are the candidates' database rows (snake_case columns); `countries` those of their current locations. */
export function defaultChoices(survivor: Row, merged: Row, countries: Countries = new Map()): Choices {
  const newer: Side =
    new Date(String(merged.updated_at)).getTime() > new Date(String(survivor.updated_at)).getTime()
      ? 'merged'
      : 'survivor';
  const choices: Choices = {};
  for (const field of MERGE_FIELDS) {
    const col = snake(field);
    const [s, m] = [survivor[col], merged[col]];
    choices[field] =
      PROTECTIVE[field]?.(survivor, merged, countries) ??
      (empty(m) ? 'survivor' : empty(s) ? 'merged' : JSON.stringify(s) === JSON.stringify(m) ? 'survivor' : newer);
  }
  return withCompanions(choices);
}

/** A companion field takes its leader's side, whatever was asked for it alone. */
function withCompanions(choices: Choices): Choices {
  for (const [leader, companions] of Object.entries(COMPANIONS))
    for (const c of companions) if (MERGE_FIELDS.includes(c)) choices[c] = choices[leader];
  return choices;
}

/**
 * The choices a merge applies: the admin's `keep` over the defaults, companions following their leader. A `keep` that
 * names a companion on another side than its field's (its own `keep`, else its default) is refused, never overridden.
 */
export function choicesFor(survivor: Row, merged: Row, keep: Choices = {}, countries?: Countries): Choices {
  const choices = withCompanions({ ...defaultChoices(survivor, merged, countries), ...keep });
  if (Object.keys(keep).some((f) => COMPANION_FIELDS.has(f) && keep[f] !== choices[f]))
    throw badRequest({ keep: 'keep.errors.invalid' });
  return choices;
}

/** The survivor's row after the merge: each chosen field's columns from its side, tags from both. */
export function mergedRow(survivor: Row, merged: Row, choices: Choices): Row {
  const row = { ...survivor };
  for (const field of MERGE_FIELDS) {
    if (choices[field] !== 'merged') continue;
    for (const col of columnsOf(field)) row[col] = merged[col];
  }
  const tags = [...new Set([...((survivor.tags as number[]) ?? []), ...((merged.tags as number[]) ?? [])])];
  row.tags = tags;
  return row;
}

/** Where the names of a reference's ids live: the cached lookup indexes the talent profile's labels read (search/labels.ts). */
const NAMED: Record<string, LookupKind> = {
  city: 'locations',
  citizenship: 'citizenships',
  jobTitle: 'jobTitles',
  skill: 'skills',
  language: 'languages',
  industry: 'industries',
  country: 'countries',
  admin: 'admins',
  tag: 'tags',
};

type Names = (ref: string, id: unknown) => string | undefined;

/** The name of each referenced id the two rows hold, the indexes each kind needs read once. */
async function namesFor(knex: Knex): Promise<Names> {
  const refs = new Set(
    MERGE_FIELDS.map((f) => candidate.fields[f]).flatMap((def) =>
      [def, ...Object.values(def.fields ?? {})].map((d) => d.ref),
    ),
  );
  const kinds = [...refs].filter((r): r is string => Boolean(r && NAMED[r]));
  const indexes = new Map(await Promise.all(kinds.map(async (r) => [r, await cachedIndex(knex, NAMED[r])] as const)));
  return (ref, id) => (typeof id === 'number' ? indexes.get(ref)?.byId(id)?.name : undefined);
}

const choiceOf = (def: FieldDef, id: unknown) => def.choices?.find((c) => c.id === id)?.label;
const yesNo = (v: unknown) => (typeof v === 'boolean' ? t(v ? 'talent.form.yes' : 'talent.form.no') : undefined);

/** 'After 2 months', 'From 30 Nov 2026', as the talent profile reads a notice period. */
function noticeText(value: unknown): string | undefined {
  const np = value as { type?: number; option?: unknown } | null;
  if (np?.type === undefined || np.type === null) return undefined;
  if (np.type === NOTICE_PERIOD_TYPES.immediate) return t('talent.view.notice.immediate');
  if (np.type === NOTICE_PERIOD_TYPES.months) return t('talent.view.notice.months', { n: String(np.option) });
  if (np.type !== NOTICE_PERIOD_TYPES.specificDate) return t('talent.view.notice.unsure');
  return t('talent.view.notice.date', { date: formatDate(String(np.option).slice(0, 10)) ?? String(np.option) });
}

/** A stored CV ('cvs/2026-03/<hex>.pdf', its name not kept): its kind and the month it was uploaded. */
const fileText = (path: string) => {
  const [, month, ext] = /^cvs\/(\d{4}-\d{2})\/[0-9a-f]+\.(\w+)$/.exec(path) ?? [];
  if (!ext) return t('duplicates.values.cvAttached');
  return t('duplicates.values.cv', { type: ext.toUpperCase(), month: formatMonth(`${month}-01`) ?? month });
};

/** One item of a list (a skill with its star, a language with its level, a location with its visa) in words. */
function itemText(def: FieldDef, item: Record<string, unknown>, names: Names): string {
  const subs = Object.entries(def.fields ?? {});
  const [refKey, refDef] = subs.find(([, d]) => d.ref) ?? [];
  const head = refKey && refDef?.ref ? (names(refDef.ref, item[refKey]) ?? String(item[refKey])) : '';
  const star = item.isStar === true ? ` ${t('duplicates.values.star')}` : '';
  const extras = subs
    .filter(([k, d]) => k !== refKey && d.kind !== 'boolean' && item[k] !== null && item[k] !== undefined)
    .map(([k, d]) => (d.choices ? choiceOf(d, item[k]) : String(item[k])))
    .filter(Boolean);
  return `${head}${star}${extras.length ? ` (${extras.join(', ')})` : ''}`;
}

const CURRENCY_OF: Record<string, string> = {
  expectedSalary: 'expected_salary_currency',
  currentSalary: 'current_salary_currency',
};

/** One field of a database row as a person reads it; undefined when it holds nothing. */
function valueText(field: string, row: Row, names: Names): string | undefined {
  const def = candidate.fields[field];
  const v = row[snake(field)];
  if (empty(v)) return undefined;
  if (field === 'profilePic') return t('duplicates.values.photo');
  if (field === 'noticePeriod') return noticeText(v);
  if (def.pattern === CV_PATH_PATTERN) return fileText(String(v));
  if (CURRENCY_OF[field] && typeof v === 'number')
    return t('talent.view.perMonth', { amount: `${String(row[CURRENCY_OF[field]] ?? '')} ${formatCount(v)}`.trim() });
  if (def.kind === 'boolean') return yesNo(v);
  if (def.kind === 'enum') return choiceOf(def, v) ?? String(v);
  if (def.kind === 'ref') return (def.ref && names(def.ref, v)) ?? String(v);
  if (def.kind === 'enumList') return (v as unknown[]).map((x) => choiceOf(def, x) ?? String(x)).join(', ');
  if (def.kind === 'refList')
    return (v as unknown[]).map((x) => (def.ref && names(def.ref, x)) ?? String(x)).join(', ');
  if (def.kind === 'objectList') return (v as Record<string, unknown>[]).map((x) => itemText(def, x, names)).join(', ');
  if (def.kind === 'integer') return formatCount(Number(v));
  if (def.kind === 'date' || def.kind === 'datetime') return formatDate(v as string) ?? String(v);
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

/**
 * Each profile's fields in words, beside the values the review answers (keyed like them): names for the ids, choice
 * labels, a notice period, salary and CV as the talent profile reads them, so the console shows them as they are.
 */
export async function valueTexts(knex: Knex, rows: Row[], key: (row: Row) => string) {
  const names = await namesFor(knex);
  return Object.fromEntries(
    rows.map((row) => [
      key(row),
      Object.fromEntries(MERGE_FIELDS.map((f) => [f, valueText(f, row, names)]).filter(([, text]) => text)),
    ]),
  );
}
