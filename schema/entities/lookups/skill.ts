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
});
