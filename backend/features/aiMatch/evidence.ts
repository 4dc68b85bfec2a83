/**
 * What a judge reads of one candidate, and its hash. The verdict depends on the job (the run's
 * input hash: description, requirements, filters), the judge, model and prompt version (the run's
 * own columns) and, per candidate, on this evidence: the matcher's score with its parts, rule-outs
 * and required skills held (accept.ts bounds the model's score by them; the product's localVerdict
 * is built from them), and the profile's facts exactly as the prompt puts them (prompt.ts
 * profileFacts: scrubbed of the person's own names, cut to length). The candidate's rank in the
 * run is left out: it changes when others change, not when the candidate does. A verdict is reused
 * only for the same evidence hash (run.ts).
 *
 * Before each model call the candidate is read again (`currentEvidence`): still one the match may
 * assess by retrieval's rule (status, consent to AI match, the run's filters), the profile as it is
 * now, scored again, so that what is sent, bounded and stored is current.
 */
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { namesToScrub } from '../../services/candidateGate';
import {
  loadProfiles,
  scoreProfile,
  type MatchProfile,
  type Requirements,
  type Scored,
  type ScoreContext,
} from './matcher';
import { profileFacts } from './prompt';

/** One candidate as the judge reads them. */
export interface Evidence {
  scored: Scored;
  profile: MatchProfile;
  /** The person's own names, scrubbed from the free texts. */
  names: string[];
  hash: string;
}

/** JSON with every object's keys sorted, so that the same content always reads the same. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : stableJson(v))).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The SHA-256 of the evidence: the matcher's side and the profile's facts, never the rank. */
export function evidenceHash(
  req: Requirements,
  ctx: ScoreContext,
  scored: Scored,
  profile: MatchProfile,
  names: string[],
) {
  const { candidateId, ...matcher } = scored;
  const { profile: facts } = profileFacts(profile, req, ctx, names);
  return createHash('sha256')
    .update(stableJson({ candidateId, matcher, profile: facts }))
    .digest('hex');
}

const evidenceOf = (req: Requirements, ctx: ScoreContext, scored: Scored, profile: MatchProfile, names: string[]) => ({
  scored,
  profile,
  names,
  hash: evidenceHash(req, ctx, scored, profile, names),
});

/** The evidence of the scored candidates as retrieval read them, by candidate; those gone since are missing. */
export async function evidenceFor(
  knex: Knex,
  req: Requirements,
  ctx: ScoreContext,
  scored: Scored[],
): Promise<Map<number, Evidence>> {
  const ids = scored.map((s) => s.candidateId);
  const [profiles, namesOf] = await Promise.all([loadProfiles(knex, ids, req), namesToScrub(knex, ids)]);
  const byId = new Map(profiles.map((p) => [p.candidateId, p]));
  return new Map(
    scored.flatMap((s) => {
      const profile = byId.get(s.candidateId);
      return profile ? [[s.candidateId, evidenceOf(req, ctx, s, profile, namesOf.get(s.candidateId) ?? [])]] : [];
    }),
  );
}

/**
 * The candidate as they are now, scored again, or null when the match may no longer assess them
 * (`retrievable`: retrieval's rule, matcher/retrieve.ts retrievableCheck) or their profile is gone.
 */
export async function currentEvidence(
  knex: Knex,
  req: Requirements,
  ctx: ScoreContext,
  candidateId: number,
  retrievable: (candidateId: number) => Promise<boolean>,
): Promise<Evidence | null> {
  if (!(await retrievable(candidateId))) return null;
  const [[profile], namesOf] = await Promise.all([
    loadProfiles(knex, [candidateId], req),
    namesToScrub(knex, [candidateId]),
  ]);
  if (!profile) return null;
  return evidenceOf(req, ctx, scoreProfile(req, profile, ctx), profile, namesOf.get(candidateId) ?? []);
}
