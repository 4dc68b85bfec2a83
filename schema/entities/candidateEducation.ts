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
    candidateId: f.ref('candidate', { required: true, onDelete: 'cascade', label: 'Candidate' }),
    guid: f.guid({ unique: false, label: 'Entry id' }),
    degree: f.string({ max: 160, searchable: true, label: 'Degree' }),
    institute: f.string({ required: true, max: 200, searchable: true, label: 'School' }),
    fieldOfStudy: f.string({ max: 160, searchable: true, label: 'Field of study' }),
    startYear: f.integer({ min: 1950, max: 2100, label: 'Start year' }),
    endYear: f.integer({ min: 1950, max: 2100, label: 'End year' }),
    description: f.text({ max: 5000, label: 'Description' }),
    ...f.timestamps(),
  },
  computed: {
    durationYears: {
      kind: 'integer',
      label: 'Duration (years)',
      sql: '(case when {table}.start_year is not null and {table}.end_year is not null then {table}.end_year - {table}.start_year end)',
    },
  },
  permissions: candidateChildPermissions(FIELDS),
  admin: {
    label: 'Education',
    recordLabel: 'Education',
    titleField: 'institute',
    hidden: true,
    list: { columns: ['institute', 'degree', 'fieldOfStudy', 'startYear', 'endYear', 'durationYears'], sort: ['endYear', 'DESC'], filters: ['candidateId'] },
    edit: { layout: [['degree', 'institute'], ['fieldOfStudy'], ['startYear', 'endYear'], ['description']] },
  },
});
