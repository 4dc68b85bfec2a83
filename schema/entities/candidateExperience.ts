import { defineEntity } from '../lib/define';
import { f } from '../lib/fields';
import { candidateChildPermissions } from './talentOptions';

const FIELDS = ['title', 'company', 'countryId', 'location', 'startDate', 'endDate', 'currentPosition', 'industryId', 'description'];

/**
 * One job in a candidate's history, newest first. A current position ends today; the duration
 * exists only when both dates do. Date rules: schema/rules/candidate.ts.
 */
export const candidateExperience = defineEntity({
  name: 'candidateExperience',
  table: 'candidate_experiences',
  resource: 'candidate-experiences',
  subject: 'CandidateExperience',
  fields: {
    candidateId: f.ref('candidate', { required: true, onDelete: 'cascade', label: 'Candidate' }),
    guid: f.guid({ unique: false, label: 'Entry id' }),
    title: f.string({ required: true, max: 160, searchable: true, label: 'Title' }),
    company: f.string({ required: true, max: 160, searchable: true, label: 'Company' }),
    countryId: f.ref('country', { onDelete: 'set null', index: false, label: 'Country' }),
    location: f.string({ max: 160, label: 'Location' }),
    startDate: f.date({ required: true, label: 'Start date' }),
    endDate: f.date({ label: 'End date' }),
    currentPosition: f.boolean({ default: false, label: 'Current position' }),
    industryId: f.ref('industry', { onDelete: 'set null', label: 'Industry' }),
    description: f.text({ max: 5000, label: 'Description' }),
    ...f.timestamps(),
  },
  computed: {
    durationMonths: {
      kind: 'integer',
      label: 'Duration (months)',
      sql: '(case when {table}.start_date is not null and {table}.end_date is not null then (extract(year from age({table}.end_date, {table}.start_date)) * 12 + extract(month from age({table}.end_date, {table}.start_date)))::int end)',
    },
  },
  permissions: candidateChildPermissions(FIELDS),
  admin: {
    label: 'Experience',
    recordLabel: 'Experience',
    titleField: 'title',
    hidden: true,
    list: { columns: ['title', 'company', 'startDate', 'endDate', 'currentPosition', 'durationMonths'], sort: ['startDate', 'DESC'], filters: ['candidateId'] },
    edit: { layout: [['title', 'company'], ['countryId', 'location', 'industryId'], ['startDate', 'endDate', 'currentPosition'], ['description']] },
  },
});
