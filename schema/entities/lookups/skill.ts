import { f } from '../../lib/fields';
import { defineLookup } from '../../lib/lookup';

/** Skills: a lookup that candidate profiles, projects and search filters pick from. */
export const skill = defineLookup({
  name: 'skill',
  table: 'skills',
  resource: 'skills',
  subject: 'Skill',
  label: 'Skills',
  recordLabel: 'Skill',
  description: 'Skills',
  extra: {
    // The name as the search documents index it, kept by the database on every write of the name:
    // a candidate's document adds up its skills' vectors instead of parsing their names again.
    searchVector: f.tsvector(),
  },
});
