/**
 * `npm run bench:alerts [-- --candidates 1000000] [--projects 10000] [--changed 20000] [--naive-sample 200]`:
 * one saved-search alert run at scale. Tops a database of its own (DATA_DIR, default
 * .tmp/bench-alerts, on EMBEDDED_PG_PORT, default 54339) up to the asked number of synthetic
 * candidates, gives the demo company that many projects, each with saved filters drawn from the
 * pool's own job titles, skills and locations and one person's alert on it, then changes the asked
 * number of candidates the way a day of imports and edits does (their rows updated, the search
 * documents refreshed by the database) and times the run (`matchAlerts`: every project's saved
 * search asked of the changed candidates at once). Beside it, the naive way: one search per project
 * over the whole pool, diffed against what was already known, timed on a sample of projects and
 * extrapolated to all of them; and the ratio. Target: the run within a few minutes at 1,000,000
 * candidates, 10,000 projects and 20,000 changed candidates on this machine kind.
 */
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const target = arg('--candidates', 1_000_000);
const projectCount = arg('--projects', 10_000);
const changedCount = arg('--changed', 20_000);
const naiveSample = arg('--naive-sample', 200);
if (
  ![target, projectCount, changedCount, naiveSample].every((n) => Number.isInteger(n) && n > 0) ||
  changedCount > target
) {
  console.error(
    '--candidates, --projects, --changed and --naive-sample take whole numbers; --changed at most --candidates',
  );
  process.exit(1);
}
// A database of its own: a bench must not write thousands of projects into the one `npm start` serves.
process.env.DATA_DIR ??= path.join('.tmp', 'bench-alerts');
process.env.EMBEDDED_PG_PORT ??= '54339';

const { loadConfig } = await import('../backend/config');
const { openDatabase } = await import('../backend/db/database');
const { createKnex } = await import('../backend/db/knex');
const { migrate } = await import('../backend/db/migrate');
const { seed } = await import('../seeds');
const { generateCandidates } = await import('../seeds/synthetic/generate');
const { matchAlerts } = await import('../backend/features/alerts');
const { savedSearch } = await import('../backend/features/pipeline');
const { searchContext, statusPredicate, whereOf } = await import('../backend/features/search');
const { abilityFor } = await import('../schema/ability');
const { seenStatuses } = await import('../schema/rules/visibility');
const { progressBar } = await import('./progress');

const config = loadConfig({ worker: false });
const db = await openDatabase(config, console.log);
const knex = createKnex(db.connectionString, { max: 4 });
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
try {
  await migrate(knex, db.connectionString);
  await seed(knex, { log: console.log });
  const have = Number((await knex('candidates').count({ n: '*' }))[0].n);
  if (have < target) {
    console.log(`Adding ${(target - have).toLocaleString('en')} synthetic candidates (the database has ${have})...`);
    const bar = progressBar('Generating candidates');
    await generateCandidates({
      knex,
      connectionString: db.connectionString,
      count: target - have,
      onProgress: (d, t) => bar.update(d, t),
      onPhase: (p) => console.log(`\n${p}...`),
    });
    bar.done();
    await knex.raw('vacuum analyze candidate_search_documents');
  }

  // The projects and their alerts, written afresh each time: one company, one person on every project.
  const owner = await knex('company_users').where('email', 'owner@acme.example.com').first('id', 'company_id');
  if (!owner) throw new Error('the demo company owner is missing');
  await knex('projects').where('title', 'like', 'Bench alert %').delete();
  const pick = async (sql: string) => ((await knex.raw(sql)).rows as { id: number }[]).map((r) => r.id);
  // Filters as recruiters save them: a job title with a skill, a location or a salary floor.
  const titles = await pick(
    'select unnest(job_title_ids) as id from candidate_search_documents tablesample system (1) group by 1 order by count(*) desc limit 200',
  );
  const skills = await pick(
    'select unnest(skill_ids) as id from candidate_search_documents tablesample system (1) group by 1 order by count(*) desc limit 300',
  );
  const cities = await pick(
    'select unnest(preferred_location_ids) as id from candidate_search_documents tablesample system (1) group by 1 order by count(*) desc limit 50',
  );
  const jobTitle = (await knex('job_titles').first('id')).id as number;
  let seedValue = 42;
  const rand = (n: number) => {
    seedValue = (seedValue * 1103515245 + 12345) % 2147483648;
    return seedValue % n;
  };
  const urls = Array.from({ length: projectCount }, (_, i) => {
    const jt = `jt=${titles[rand(titles.length)]}`;
    const extra = [
      `s=${skills[rand(skills.length)]}`,
      `l=${cities[rand(cities.length)]}`,
      `sf=${3000 + rand(6) * 1000}`,
      `s=${skills[rand(skills.length)]}&s=${skills[rand(skills.length)]}`,
    ][i % 4];
    return `/search?${jt}&${extra}`;
  });
  const t0 = performance.now();
  const ids: number[] = [];
  for (let i = 0; i < projectCount; i += 1000) {
    const rows = urls.slice(i, i + 1000).map((url, j) => ({
      title: `Bench alert ${i + j + 1}`,
      company_id: owner.company_id,
      owner_id: owner.id,
      job_title_id: jobTitle,
      countries: [],
      headcount: 1,
      salary_min: 5000,
      salary_max: 9000,
      current_url: url,
    }));
    ids.push(...((await knex('projects').insert(rows).returning('id')) as { id: number }[]).map((r) => r.id));
  }
  await knex.raw(
    `insert into alert_subscriptions (project_id, recipient_kind, recipient_id, company_id, frequency, time_zone, matched_url)
     select p.id, 2, ?, p.company_id, 1, 'Asia/Singapore', p.current_url from projects p where p.id = any(?::int[])`,
    [owner.id, ids],
  );
  await knex('alert_changed_candidates').delete();
  console.log(
    `${projectCount.toLocaleString('en')} projects with alerts written in ${seconds(performance.now() - t0)}`,
  );

  // A day's changes: the candidates' rows updated, their search documents refreshed and marked by the database.
  const t1 = performance.now();
  await knex.raw(
    `update candidates set expected_salary = coalesce(expected_salary, 4000) + 100, updated_at = now()
      where id in (select id from candidates where status = 1 order by random() limit ?)`,
    [changedCount],
  );
  const marked = Number((await knex('alert_changed_candidates').count({ n: '*' }))[0].n);
  console.log(`${marked.toLocaleString('en')} candidates changed and marked in ${seconds(performance.now() - t1)}`);
  const known = Number((await knex('alert_news').count({ n: '*' }))[0].n);

  const t2 = performance.now();
  const run = await matchAlerts(knex);
  const runMs = performance.now() - t2;
  console.log(
    `The run: ${run.changed.toLocaleString('en')} changed candidates against ${run.groups.toLocaleString('en')} saved searches, ` +
      `${run.news.toLocaleString('en')} news, in ${seconds(runMs)}`,
  );

  // The naive way: each project's saved search over the whole pool, diffed against what was known.
  const { stats, rates } = await searchContext(knex);
  const sample = ids
    .filter((_, i) => i % Math.max(1, Math.floor(ids.length / naiveSample)) === 0)
    .slice(0, naiveSample);
  const actor = { role: 'company' as const, id: owner.id, subRole: 'owner' as const, companyId: owner.company_id };
  const ability = abilityFor(actor);
  const t3 = performance.now();
  for (const id of sample) {
    const project = await knex('projects')
      .where('id', id)
      .first('id', 'current_url as currentUrl', 'company_id as companyId');
    const row = { ...project, sharedUserIds: [] } as Parameters<typeof savedSearch>[3];
    const saved = await savedSearch(knex, ability, actor, row, stats, rates);
    if (!saved) continue;
    const found = whereOf([statusPredicate(stats, seenStatuses('company')), ...saved.predicates]);
    await knex.raw(
      `select d.id from candidate_search_documents d where ${found.sql}
         and not exists (select 1 from project_candidates pc where pc.project_id = ? and pc.candidate_id = d.id)
         and not exists (select 1 from alert_news n join alert_subscriptions s on s.id = n.subscription_id
                          where s.project_id = ? and n.candidate_id = d.id)`,
      [...found.bindings, id, id] as never[],
    );
  }
  const naiveMs = ((performance.now() - t3) / sample.length) * ids.length;
  console.log(
    `The naive way: one search per project over the whole pool, ${sample.length} projects timed, ` +
      `${seconds(naiveMs)} extrapolated to ${ids.length.toLocaleString('en')}`,
  );
  console.log(
    `Ratio: the run takes ${(runMs / naiveMs).toFixed(4)} of the naive way (${(naiveMs / runMs).toFixed(0)}x faster)`,
  );
  console.log(
    `Machine: ${os.cpus().length} cores, load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}; news known before the run: ${known.toLocaleString('en')}`,
  );
} finally {
  await knex.destroy();
  await db.stop();
}
