import { defineLookup } from '../../lib/lookup';

/** Job titles: a lookup that candidate profiles, projects and search filters pick from. */
export const jobTitle = defineLookup({
  name: 'jobTitle',
  table: 'job_titles',
  resource: 'job-titles',
  subject: 'JobTitle',
  label: 'Job titles',
  recordLabel: 'Job title',
  description: 'Job titles',
});
