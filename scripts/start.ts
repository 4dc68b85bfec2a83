/**
 * `npm start`: the server (backend/server.ts) with the seed sets a start loads: lookups always,
 * the demo people, companies, candidates and projects where the demo belongs (config.seedDemo).
 * The settings are checked first (backend/startChecks.ts), before the product is loaded, so a start that cannot run
 * stops at once with every problem named.
 */
import { loadConfig } from '../backend/config';
import { assertStartable } from '../backend/startChecks';

assertStartable(loadConfig());
const [{ startServer }, { defaultSets, seed }, { DEMO_LOGINS }] = await Promise.all([
  import('../backend/server'),
  import('../seeds'),
  import('../seeds/demo/people'),
]);

await startServer({
  seed: async (knex, config, say) => void (await seed(knex, { only: defaultSets(config.seedDemo), log: say })),
  demoLogins: DEMO_LOGINS,
});
