import { defineEntity } from '../../lib/define';
import { f } from '../../lib/fields';

/** Which seed sets have been loaded, so demo data is loaded once and users' changes are kept. */
export const seedRun = defineEntity({
  name: 'seedRun',
  table: 'seed_runs',
  subject: 'SeedRun',
  fields: {
    name: f.string({ required: true, unique: true, max: 120 }),
    ...f.timestamps(),
  },
  permissions: {},
});
