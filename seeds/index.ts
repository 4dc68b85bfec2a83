/**
 * Seed sets, each loaded once per database (recorded in seed_runs) unless forced.
 * `npm run db:seed` runs the missing ones; `--force` runs them again (each is idempotent).
 * The 'names' set (aliases, spoken languages, plain skills, currency rates) is recorded with a hash of its data, so
 * a start after that data changed (a new alias such as 'UAE') loads it again into an existing database.
 */
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { loadCandidates } from './demo/candidates';
import { loadConsents } from './demo/consents';
import { loadDemo } from './demo/load';
import { loadProjects } from './demo/projects';
import { loadLookups } from './lookups/load';
import { loadNames, namesData } from './lookups/names';

export type SeedSet = 'lookups' | 'names' | 'demo' | 'candidates' | 'projects' | 'consents';
export const SEED_SETS: Record<SeedSet, (knex: Knex) => Promise<Record<string, number>>> = {
  lookups: loadLookups,
  // After lookups, on databases seeded before it too: aliases, spoken languages, plain skills, currency rates.
  names: loadNames,
  demo: loadDemo,
  // After demo: completes the demo candidate and adds 1,999 generated ones.
  candidates: loadCandidates,
  // After candidates: the demo companies' projects with curated candidates at various stages.
  projects: loadProjects,
  // After candidates: the demo pool's recorded consents and notice acceptance.
  consents: loadConsents,
};

/**
 * The sets a start loads: the lookups and the names people type for them always (production resolves 'UK' and
 * converts salaries to SGD as the demo does); the demo people, companies and candidates only where the demo belongs
 * (config.seedDemo: outside production, or SEED_DEMO=true).
 */
export function defaultSets(seedDemo: boolean): SeedSet[] {
  return seedDemo ? (Object.keys(SEED_SETS) as SeedSet[]) : ['lookups', 'names'];
}

/** The name a set's run is recorded under: 'names' carries its data's hash, so changed data loads again. */
export function recordedName(name: SeedSet): string {
  if (name !== 'names') return name;
  return `names@${createHash('sha256').update(JSON.stringify(namesData)).digest('hex').slice(0, 12)}`;
}

export interface SeedOptions {
  only?: SeedSet[];
  force?: boolean;
  log?: (line: string) => void;
}

export async function seed(knex: Knex, options: SeedOptions = {}): Promise<SeedSet[]> {
  const ran: SeedSet[] = [];
  for (const name of options.only ?? (Object.keys(SEED_SETS) as SeedSet[])) {
    const recorded = recordedName(name);
    const done = await knex('seed_runs').where('name', recorded).first('id');
    if (done && !options.force) continue;
    await knex.transaction(async (trx) => {
      const counts = await SEED_SETS[name](trx);
      await trx('seed_runs').insert({ name: recorded }).onConflict('name').merge({ updated_at: trx.fn.now() });
      options.log?.(
        `seeded ${name}: ${Object.entries(counts)
          .map(([k, v]) => `${v} ${k}`)
          .join(', ')}`,
      );
    });
    ran.push(name);
  }
  return ran;
}
