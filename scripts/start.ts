/**
 * `npm start`: the server (backend/server.ts) with the seed sets a start loads: lookups always,
 * the demo people, companies, candidates and projects where the demo belongs (config.seedDemo).
 */
import { startServer } from '../backend/server';
import { defaultSets, seed } from '../seeds';
import { DEMO_LOGINS } from '../seeds/demo/people';

await startServer({
  seed: async (knex, config, say) => void (await seed(knex, { only: defaultSets(config.seedDemo), log: say })),
  demoLogins: DEMO_LOGINS,
});
