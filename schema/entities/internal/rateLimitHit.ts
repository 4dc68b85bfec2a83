import { defineEntity } from '../../lib/define';
import { f } from '../../lib/fields';

/** One request counted against a rate limit ('email:<address>', 'ip:<address>'); kept in PostgreSQL so limits hold across processes. */
export const rateLimitHit = defineEntity({
  name: 'rateLimitHit',
  table: 'rate_limit_hits',
  subject: 'RateLimitHit',
  fields: {
    key: f.string({ required: true, max: 300 }),
    hitAt: f.datetime({ required: true, dbDefault: 'now', index: true }),
  },
  indexes: [['key', 'hitAt']],
  permissions: {},
});
