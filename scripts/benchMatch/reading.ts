/**
 * How well the requirements read from a description match the ones a recruiter wrote down by hand
 * (descriptions.ts): each requirement an item (a skill or group of alternatives with its must-have
 * or nice-to-have, the title, the years, the seniority, the salary, each required language and place, remote
 * work), counted found, missed or extra; precision, recall and F1 over all descriptions.
 */
import type { NameIndex } from '../../backend/features/lookups';
import type { Requirements } from '../../backend/features/aiMatch';
import type { Judged } from './descriptions';

export interface Indexes {
  skills: NameIndex;
  jobTitles: NameIndex;
  languages: NameIndex;
  locations: NameIndex;
}

export interface Reading {
  key: string;
  found: number;
  missed: string[];
  extra: string[];
  /** Names of the hand-written requirements no lookup holds (a mistake of the judged set). */
  unknown: string[];
}

const bounds = (b?: { min?: number; max?: number }) => `${b?.min ?? ''}-${b?.max ?? ''}`;

/** The items of hand-written requirements, by the lookups' ids. */
function expectedItems(j: Judged, ix: Indexes, unknown: string[]): Map<string, string> {
  const items = new Map<string, string>();
  const id = (index: NameIndex, name: string) => {
    const hit = index.exactly(name) ?? index.resolve(name);
    if (!hit) unknown.push(name);
    return hit?.id;
  };
  for (const [list, kind] of [
    [j.required, 'must'],
    [j.nice, 'nice'],
  ] as const)
    for (const group of list) {
      const ids = group.split('|').map((n) => id(ix.skills, n.trim()));
      if (ids.every((x) => x !== undefined))
        items.set(`skill:${[...ids].sort().join(',')}:${kind}`, `${kind} ${group}`);
    }
  for (const t of j.titles) {
    const x = id(ix.jobTitles, t);
    if (x !== undefined) items.set(`title:${x}`, `title ${t}`);
  }
  if (j.years) items.set(`years:${bounds(j.years)}`, `years ${bounds(j.years)}`);
  if (j.seniority) items.set(`seniority:${j.seniority}`, `seniority ${j.seniority}`);
  if (j.salary)
    items.set(`salary:${bounds(j.salary)}:${j.salary.currency}`, `salary ${bounds(j.salary)} ${j.salary.currency}`);
  for (const l of j.languages) {
    const x = id(ix.languages, l);
    if (x !== undefined) items.set(`language:${x}`, `language ${l}`);
  }
  for (const l of j.locations) {
    const x = id(ix.locations, l);
    if (x !== undefined) items.set(`location:${x}`, `location ${l}`);
  }
  if (j.remote !== undefined) items.set(`remote:${j.remote}`, `remote ${j.remote}`);
  return items;
}

/** The items of requirements as read. */
function readItems(r: Requirements): Map<string, string> {
  const items = new Map<string, string>();
  for (const s of r.skills) {
    const ids = [s.id, ...(s.anyOf ?? []).map((a) => a.id)].sort();
    const kind = s.required ? 'must' : 'nice';
    items.set(
      `skill:${ids.join(',')}:${kind}`,
      `${kind} ${[s.label, ...(s.anyOf ?? []).map((a) => a.label)].join(' | ')}`,
    );
  }
  for (const t of r.jobTitles) items.set(`title:${t.id}`, `title ${t.label}`);
  if (r.years) items.set(`years:${bounds(r.years)}`, `years ${bounds(r.years)}`);
  if (r.seniority) items.set(`seniority:${r.seniority}`, `seniority ${r.seniority}`);
  if (r.salary)
    items.set(`salary:${bounds(r.salary)}:${r.salary.currency}`, `salary ${bounds(r.salary)} ${r.salary.currency}`);
  for (const l of r.languages.filter((x) => x.required !== false)) items.set(`language:${l.id}`, `language ${l.label}`);
  for (const l of r.locations) items.set(`location:${l.id}`, `location ${l.label}`);
  if (r.remote !== undefined) items.set(`remote:${r.remote}`, `remote ${r.remote}`);
  return items;
}

export function judgeReading(j: Judged, read: Requirements, ix: Indexes): Reading {
  const unknown: string[] = [];
  const want = expectedItems(j, ix, unknown);
  const got = readItems(read);
  return {
    key: j.key,
    found: [...want.keys()].filter((k) => got.has(k)).length,
    missed: [...want].filter(([k]) => !got.has(k)).map(([, v]) => v),
    extra: [...got].filter(([k]) => !want.has(k)).map(([, v]) => v),
    unknown,
  };
}

/** Precision, recall and F1 over all the readings. */
export function readingTotals(readings: Reading[]) {
  const found = readings.reduce((n, r) => n + r.found, 0);
  const extra = readings.reduce((n, r) => n + r.extra.length, 0);
  const missed = readings.reduce((n, r) => n + r.missed.length, 0);
  const precision = found / Math.max(1, found + extra);
  const recall = found / Math.max(1, found + missed);
  const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
  return { precision, recall, f1, found, extra, missed };
}
