import { defineEntity } from '../lib/define';
import { f } from '../lib/fields';
import { candidateChildPermissions } from './talentOptions';

const FIELDS = [
  'title',
  'company',
  'countryId',
  'location',
  'startDate',
  'endDate',
  'currentPosition',
  'industryId',
  'description',
];

/**
 * The day an experience's duration counts to: a current position's runs to today (UTC) whenever it
 * is read, its stored end date being only the day it was written; any other's to its end date.
 */
const FINISH = "(case when {table}.current_position then (now() at time zone 'UTC')::date else {table}.end_date end)";

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
    candidateId: f.ref('candidate', { required: true, onDelete: 'cascade' }),
    guid: f.guid({ unique: false }),
    title: f.string({ required: true, max: 160, searchable: true }),
    company: f.string({ required: true, max: 160, searchable: true }),
    countryId: f.ref('country', { onDelete: 'set null', index: false }),
    location: f.string({ max: 160 }),
    startDate: f.date({ required: true }),
    endDate: f.date(),
    currentPosition: f.boolean({ default: false }),
    industryId: f.ref('industry', { onDelete: 'set null' }),
    description: f.text({ max: 5000 }),
    ...f.timestamps(),
  },
  computed: {
    durationMonths: {
      kind: 'integer',
      sql: `(case when {table}.start_date is not null and ${FINISH} is not null then (extract(year from age(${FINISH}, {table}.start_date)) * 12 + extract(month from age(${FINISH}, {table}.start_date)))::int end)`,
    },
  },
  permissions: candidateChildPermissions(FIELDS),
  admin: {
    label: 'Experience',
    recordLabel: 'Experience',
    titleField: 'title',
    hidden: true,
    list: {
      columns: ['title', 'company', 'startDate', 'endDate', 'currentPosition', 'durationMonths'],
      sort: ['startDate', 'DESC'],
      filters: ['candidateId'],
    },
    edit: {
      layout: [
        ['title', 'company'],
        ['countryId', 'location', 'industryId'],
        ['startDate', 'endDate', 'currentPosition'],
        ['description'],
      ],
    },
  },
});
