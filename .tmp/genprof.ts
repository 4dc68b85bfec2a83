import { createKnex } from '../backend/db/knex';
import { loadPools } from '../seeds/synthetic/pools';
import { makeCandidate, rngFrom } from '../seeds/synthetic/candidateFactory';
import { entity } from '../schema';
import { validateChildren } from '../backend/crud/children';
import { validateRecord } from '../backend/crud/validate';
import { candidateRules, experienceRules, todayOf } from '../backend/features/talent/candidateRules';
import { complete, storedFields } from '../backend/features/talent/import/bulkWrite';
import { copyColumns, encodeRow } from '../backend/features/talent/import/copy';
const knex = createKnex('postgres://postgres:postgres@127.0.0.1:55441/talentbase');
const pools = await loadPools(knex);
await knex.destroy();
const candidate = entity('candidate'); const experience = entity('candidateExperience');
const cf = storedFields(candidate); const cc = copyColumns(candidate, cf, true);
const ef = storedFields(experience); const ec = copyColumns(experience, ef);
const rng = rngFrom(1); const today = todayOf();
const N = 20000;
const tm: Record<string, number> = { make: 0, valid: 0, rules: 0, enc: 0, kids: 0 };
let out = '';
for (let id = 1; id <= N; id++) {
  let t = performance.now();
  const raw = makeCandidate(rng, pools, id, { today: today.date });
  tm.make += performance.now() - t; t = performance.now();
  const data = validateRecord(candidate, raw, 'create');
  tm.valid += performance.now() - t; t = performance.now();
  candidateRules(data, {}, today);
  tm.rules += performance.now() - t; t = performance.now();
  out += encodeRow({ ...complete(candidate, cf, data), id }, cc);
  tm.enc += performance.now() - t; t = performance.now();
  for (const { name, items } of validateChildren(candidate, raw)) for (const item of items) { if (name === 'experiences') { experienceRules(item, {}, today); out += encodeRow(complete(experience, ef, { ...item, candidateId: id }), ec); } }
  tm.kids += performance.now() - t;
  if (out.length > 1e6) out = '';
}
console.log(Object.fromEntries(Object.entries(tm).map(([k, v]) => [k, (v / N * 1000).toFixed(1) + 'us'])));
