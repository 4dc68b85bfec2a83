import { defineEntity } from '../lib/define';
import { f } from '../lib/fields';
import { candidateChildPermissions } from './talentOptions';

const FIELDS = ['degree', 'institute', 'fieldOfStudy', 'startYear', 'endYear', 'description'];

/** One school or degree in a candidate's history (years only), newest first. */
export const candidateEducation = defineEntity({
  name: 'candidateEducation',
  table: 'candidate_educations',
  resource: 'candidate-educations',
  subject: 'CandidateEducation',
  fields: {
    candidateId: f.ref('candidate', { required: true, onDelete: 'cascade' }),
    guid: f.guid({ unique: false }),
    degree: f.string({ max: 160, searchable: true }),
    institute: f.string({ required: true, max: 200, searchable: true }),
    fieldOfStudy: f.string({ max: 160, searchable: true }),
    startYear: f.integer({ min: 1950, max: 2100, display: 'plain' }),
    endYear: f.integer({ min: 1950, max: 2100, display: 'plain' }),
    description: f.text({ max: 5000 }),
    ...f.timestamps(),
  },
  computed: {
    durationYears: {
      kind: 'integer',
      sql: '(case when {table}.start_year is not null and {table}.end_year is not null then {table}.end_year - {table}.start_year end)',
    },
  },
  permissions: candidateChildPermissions(FIELDS),
  admin: {
    label: 'Education',
    recordLabel: 'Education',
    titleField: 'institute',
    hidden: true,
    list: {
      columns: ['institute', 'degree', 'fieldOfStudy', 'startYear', 'endYear', 'durationYears'],
      sort: ['endYear', 'DESC'],
      filters: ['candidateId'],
    },
    edit: { layout: [['degree', 'institute'], ['fieldOfStudy'], ['startYear', 'endYear'], ['description']] },
  },
});
