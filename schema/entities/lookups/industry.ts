import { defineLookup } from '../../lib/lookup';

/** Industries: a lookup that candidate profiles, projects and search filters pick from. */
export const industry = defineLookup({
  name: 'industry',
  table: 'industries',
  resource: 'industries',
  subject: 'Industry',
  label: 'Industries',
  recordLabel: 'Industry',
  description: 'Industries',
});
