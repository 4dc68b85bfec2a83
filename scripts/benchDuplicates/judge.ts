/**
 * Writes the judged set's profiles into a database (one current job each, as a profile with its
 * latest experience) and judges what detection stored: a pair found between a judged pair's two
 * profiles is right when they are twins; any other pair touching a judged profile is wrong.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Knex } from 'knex';
import type { JudgedPair, JudgedProfile } from './judged';

export const JUDGED_FILE = path.resolve(import.meta.dirname, '../../tests/fixtures/duplicates/judged.json');

export const loadJudged = (): JudgedPair[] => JSON.parse(readFileSync(JUDGED_FILE, 'utf8')) as JudgedPair[];

export interface Written {
  pair: JudgedPair;
  a: number;
  b: number;
}

async function writeProfile(knex: Knex, p: JudgedProfile): Promise<number> {
  const [{ id }] = await knex('candidates')
    .insert({
      first_name: p.firstName,
      last_name: p.lastName,
      email: p.email,
      phone: p.phone ?? null,
      linked_in_url: p.linkedInUrl ?? null,
      github_url: p.githubUrl ?? null,
    })
    .returning('id');
  if (p.company && p.title)
    await knex('candidate_experiences').insert({
      candidate_id: id,
      company: p.company,
      title: p.title,
      start_date: '2020-01-01',
      current_position: true,
    });
  return id as number;
}

/** Each pair's two profiles written as candidates; their ids. */
export async function writeJudged(knex: Knex, pairs: JudgedPair[]): Promise<Written[]> {
  const written: Written[] = [];
  for (const pair of pairs)
    written.push({ pair, a: await writeProfile(knex, pair.a), b: await writeProfile(knex, pair.b) });
  return written;
}

export interface Judgement {
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  precision: number;
  recall: number;
  /** Twins found without a reason they were built to share. */
  missingReasons: string[];
  /** Each wrong answer: the case and what went wrong. */
  mistakes: string[];
}

/** Judges the open pairs stored for the written profiles. */
export async function judge(knex: Knex, written: Written[]): Promise<Judgement> {
  const ids = written.flatMap((w) => [w.a, w.b]);
  const found = (await knex('candidate_duplicates')
    .where((q) => q.whereIn('candidate_id', ids).orWhereIn('other_id', ids))
    .select({ candidateId: 'candidate_id', otherId: 'other_id', reasons: 'reasons' })) as {
    candidateId: number;
    otherId: number;
    reasons: string[];
  }[];
  const byKey = new Map(found.map((f) => [`${f.candidateId}-${f.otherId}`, f]));
  const judgedKeys = new Set<string>();
  const out: Judgement = {
    truePositives: 0,
    falsePositives: 0,
    falseNegatives: 0,
    precision: 0,
    recall: 0,
    missingReasons: [],
    mistakes: [],
  };
  for (const w of written) {
    const key = `${Math.min(w.a, w.b)}-${Math.max(w.a, w.b)}`;
    judgedKeys.add(key);
    const hit = byKey.get(key);
    if (w.pair.twin && hit) {
      out.truePositives += 1;
      const missing = w.pair.reasons.filter((r) => !hit.reasons.includes(r));
      if (missing.length)
        out.missingReasons.push(`${w.pair.case}: ${missing.join(', ')} not among ${hit.reasons.join(', ')}`);
    } else if (w.pair.twin) {
      out.falseNegatives += 1;
      out.mistakes.push(
        `missed: ${w.pair.case} (${w.pair.a.firstName} ${w.pair.a.lastName} / ${w.pair.b.firstName} ${w.pair.b.lastName})`,
      );
    } else if (hit) {
      out.falsePositives += 1;
      out.mistakes.push(`wrongly paired: ${w.pair.case} (${hit.reasons.join(', ')})`);
    }
  }
  for (const f of found) {
    if (judgedKeys.has(`${f.candidateId}-${f.otherId}`)) continue;
    out.falsePositives += 1;
    out.mistakes.push(`paired across the set: ${f.candidateId} and ${f.otherId} (${f.reasons.join(', ')})`);
  }
  const twins = written.filter((w) => w.pair.twin).length;
  out.precision = out.truePositives / Math.max(1, out.truePositives + out.falsePositives);
  out.recall = out.truePositives / Math.max(1, twins);
  return out;
}
