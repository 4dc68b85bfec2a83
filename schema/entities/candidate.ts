import { defineEntity } from '../lib/define';
import { f, PHONE_PATTERN } from '../lib/fields';
import { SOURCE_OPTIONS } from './company';
import {
  CANDIDATE_SITUATION_LABELS,
  CANDIDATE_SITUATIONS,
  CV_PATH_PATTERN,
  DEFAULT_CURRENCY,
  DRIBBBLE_PATTERN,
  EMPLOYMENT_TYPE_LABELS,
  EMPLOYMENT_TYPES,
  GITHUB_PATTERN,
  HK_ID_PATTERN,
  HK_MIN_LENGTH,
  LANGUAGE_LEVELS,
  LINKEDIN_PATTERN,
  MAX_JOB_TITLES,
  NOTICE_PERIOD_LABELS,
  NOTICE_PERIOD_TYPES,
  PASSPORT_PATTERN,
  SALARY_CURRENCIES,
  SALARY_MAX,
  STACKOVERFLOW_PATTERN,
  VISA_TYPE_LABELS,
  VISA_TYPES,
} from './talentOptions';

const currency = (label: string) =>
  f.string({
    default: DEFAULT_CURRENCY,
    max: 3,
    pattern: new RegExp(`^(${SALARY_CURRENCIES.join('|')})$`),
    patternMessage: 'currency.errors.unsupported',
    label,
  });

/** What a candidate edits on their own profile page; everything else is the admins'. */
export const CANDIDATE_SELF_FIELDS = [
  'firstName',
  'lastName',
  'phone',
  'phoneWhatsapp',
  'profilePic',
  'linkedInUrl',
  'githubUrl',
  'stackoverflowUrl',
  'dribbbleUrl',
  'portfolioUrl',
  'summary',
  'currentLocationId',
  'citizenshipId',
  'preferredLocations',
  'visa',
  'jobTitleLookingFor',
  'typeOfEmployment',
  'candidateStatus',
  'expectedSalary',
  'expectedSalaryCurrency',
  'currentSalary',
  'currentSalaryCurrency',
  'noticePeriod',
  'workingRemotely',
  'resumePath',
  'anonymous',
  'skills',
  'languages',
  'hkId',
  'hkPassport',
  'hkAddress',
  'hkCity',
  'hkState',
  'hkCountry',
  'hkZip',
];

/** What companies may filter search by; the admin-only filters name the fields left out (name, latestCompanyName, ownerId, candidateStatus). */
export const CANDIDATE_SEARCH_FIELDS = [
  'summary',
  'jobTitleLookingFor',
  'expectedSalary',
  'expectedSalaryCurrency',
  'noticePeriod',
  'preferredLocations',
  'preferredLocationIds',
  'currentLocationId',
  'skills',
  'skillIds',
  'languages',
  'languageIds',
  'typeOfEmployment',
  'workingRemotely',
  'tags',
];

/**
 * A candidate (talent) in the curated pool. Status: 0 pending curation, 1 active, 2 inactive,
 * 3 semi-active, 4 pending activation. Experience and education are rows of their own
 * (candidateExperience, candidateEducation) read and written with the profile as `experiences`
 * and `educations`. Rules spanning fields live in schema/rules/candidate.ts.
 */
export const candidate = defineEntity({
  name: 'candidate',
  table: 'candidates',
  resource: 'candidates',
  subject: 'Candidate',
  idPrefix: 'Candidate:',
  fields: {
    guid: f.guid(),
    firstName: f.string({ required: true, max: 80, searchable: true }),
    lastName: f.string({ required: true, max: 80, searchable: true }),
    email: f.email({ required: true, unique: true, searchable: true, uniqueMessage: 'email.errors.exists' }),
    phone: f.phone({ pattern: PHONE_PATTERN }),
    phoneWhatsapp: f.boolean({ default: false }),
    // Indexed: the picture's address is asked of the candidate gate on every load of it (/uploads, pictureShown).
    profilePic: f.picture({ index: true }),
    linkedInUrl: f.url({
      pattern: LINKEDIN_PATTERN,
      patternMessage: 'linkedInUrl.errors.profilePath',
      sortable: false,
    }),
    githubUrl: f.url({ pattern: GITHUB_PATTERN, patternMessage: 'githubUrl.errors.notGithub', sortable: false }),
    stackoverflowUrl: f.url({
      pattern: STACKOVERFLOW_PATTERN,
      patternMessage: 'stackoverflowUrl.errors.notStackoverflow',
      sortable: false,
    }),
    dribbbleUrl: f.url({
      pattern: DRIBBBLE_PATTERN,
      patternMessage: 'dribbbleUrl.errors.notDribbble',
      sortable: false,
    }),
    portfolioUrl: f.url({ sortable: false }),
    summary: f.text({ max: 5000 }),

    currentLocationId: f.ref('city', { onDelete: 'set null' }),
    citizenshipId: f.ref('citizenship', { onDelete: 'set null', index: false }),
    preferredLocations: f.objectList(
      {
        locationId: f.ref('city', { required: true }),
        visaType: f.enum(VISA_TYPES, { labels: VISA_TYPE_LABELS }),
        visaCategory: f.string({ max: 80 }),
      },
      { required: true, nullable: true, default: undefined, min: 1, max: 10 },
    ),
    preferredLocationIds: f.refList('city', {
      readOnly: true,
      derivedFrom: { field: 'preferredLocations', key: 'locationId' },
    }),
    visa: f.string({ max: 120 }),

    jobTitleLookingFor: f.refList('jobTitle', {
      required: true,
      nullable: true,
      default: undefined,
      min: 1,
      max: MAX_JOB_TITLES,
    }),
    typeOfEmployment: f.enumList(EMPLOYMENT_TYPES, {
      labels: EMPLOYMENT_TYPE_LABELS,
      required: true,
      nullable: true,
      default: undefined,
      min: 1,
    }),
    candidateStatus: f.enumList(CANDIDATE_SITUATIONS, { labels: CANDIDATE_SITUATION_LABELS }),
    expectedSalary: f.integer({ required: true, nullable: true, min: 0, max: SALARY_MAX }),
    expectedSalaryCurrency: currency('Expected salary currency'),
    currentSalary: f.integer({ min: 0, max: SALARY_MAX }),
    currentSalaryCurrency: currency('Current salary currency'),
    noticePeriod: f.object(
      {
        type: f.enum(NOTICE_PERIOD_TYPES, { required: true, labels: NOTICE_PERIOD_LABELS }),
        // 0 when immediate, the months when after N months, YYYY-MM-DD when a specific date, empty when unsure.
        option: f.string({ max: 10 }),
      },
      { required: true, nullable: true },
    ),
    workingRemotely: f.boolean(),

    resumePath: f.string({
      max: 300,
      pattern: CV_PATH_PATTERN,
      patternMessage: 'resumePath.errors.notUploaded',
      sortable: false,
      filterable: false,
    }),
    blindResumePath: f.string({
      max: 300,
      pattern: CV_PATH_PATTERN,
      patternMessage: 'blindResumePath.errors.notUploaded',
      sortable: false,
      filterable: false,
    }),
    visibility: f.boolean({ default: true }),
    anonymous: f.boolean({ default: false }),
    sendSetPasswordEmail: f.boolean({ default: false }),
    // When the "your profile is ready" invitation went out: a candidate who may not sign in yet gets it on becoming
    // active or semi-active, once (backend/features/talent/effects.ts).
    profileReadySentAt: f.datetime({ readOnly: true, hidden: true, sortable: false, filterable: false }),
    status: f.enum(
      { pendingCuration: 0, active: 1, inactive: 2, semiActive: 3, pendingActivation: 4 },
      {
        required: true,
        default: 1,
        // Filtered by status alone or with visibility: the (status, visibility) index below serves both.
        labels: {
          pendingCuration: 'Pending curation',
          semiActive: 'Semi-active',
          pendingActivation: 'Pending activation',
        },
      },
    ),
    // Set when the candidate paused or activated their own profile; admins changing status are warned.
    selfChosenStatus: f.boolean({ default: false, readOnly: true }),
    // The status a pause of the candidate's own (or an archive for absence) left: activating returns to it, so a
    // semi-active or pending profile does not come back active. None: active.
    pausedFrom: f.enum(
      { pendingCuration: 0, active: 1, semiActive: 3, pendingActivation: 4 },
      { readOnly: true, hidden: true, sortable: false, filterable: false },
    ),
    tags: f.refList('tag', { max: 50 }),

    source: f.enum(SOURCE_OPTIONS.values, { labels: SOURCE_OPTIONS.labels }),
    sourceOtherText: f.string({ max: 200 }),
    reasonForLeaving: f.text({ max: 2000 }),
    lookingFor: f.text({ max: 2000 }),
    ownerId: f.ref('admin', { onDelete: 'set null' }),

    skills: f.objectList(
      { skillId: f.ref('skill', { required: true }), isStar: f.boolean({ default: false }) },
      { max: 100 },
    ),
    skillIds: f.refList('skill', { readOnly: true, derivedFrom: { field: 'skills', key: 'skillId' } }),
    languages: f.objectList(
      { languageId: f.ref('language', { required: true }), level: f.enum(LANGUAGE_LEVELS, { required: true }) },
      { max: 30 },
    ),
    languageIds: f.refList('language', {
      readOnly: true,
      derivedFrom: { field: 'languages', key: 'languageId' },
    }),

    // The special Hong Kong candidate: identity documents and a local address.
    isSpecialHkCandidate: f.boolean({ default: false }),
    hkId: f.string({ max: 12, pattern: HK_ID_PATTERN, patternMessage: 'hkId.errors.invalid', sortable: false }),
    hkPassport: f.string({
      max: 12,
      pattern: PASSPORT_PATTERN,
      patternMessage: 'hkPassport.errors.invalid',
      sortable: false,
    }),
    hkAddress: f.string({ min: HK_MIN_LENGTH.hkAddress, max: 300, sortable: false }),
    hkCity: f.string({ min: HK_MIN_LENGTH.hkCity, max: 80, sortable: false }),
    hkState: f.string({ max: 80, sortable: false }),
    hkCountry: f.string({ max: 80, sortable: false }),
    hkZip: f.string({ min: HK_MIN_LENGTH.hkZip, max: 12, sortable: false }),
    ...f.timestamps(),
  },
  computed: {
    name: { kind: 'string', sql: "trim({table}.first_name || ' ' || {table}.last_name)" },
    // Kept by the database on the candidate's search document (one key lookup, not a sort of their experience).
    latestCompanyName: {
      kind: 'string',
      sortable: false,
      sql: '(select d.latest_company from candidate_search_documents d where d.id = {table}.id)',
    },
    latestJobTitle: {
      kind: 'string',
      sortable: false,
      sql: '(select d.latest_job_title from candidate_search_documents d where d.id = {table}.id)',
    },
  },
  // Every index slows bulk loads and imports. Search, facets, the console's talent list and AI match
  // read the candidates' search documents (candidate_search_documents, with their own indexes), so
  // the id lists and the salary carry none here; references keep theirs for ON DELETE.
  indexes: [['status', 'visibility']],
  children: {
    experiences: {
      entity: 'candidateExperience',
      foreignKey: 'candidateId',
      orderBy: [
        ['currentPosition', 'desc'],
        ['startDate', 'desc'],
        ['id', 'desc'],
      ],
      max: 50,
    },
    educations: {
      entity: 'candidateEducation',
      foreignKey: 'candidateId',
      orderBy: [
        ['endYear', 'desc'],
        ['startYear', 'desc'],
        ['id', 'desc'],
      ],
      max: 20,
    },
  },
  permissions: {
    admin: { manage: true },
    candidate: {
      read: {
        when: 'self',
        fields: [
          'guid',
          'email',
          'status',
          'visibility',
          'selfChosenStatus',
          'isSpecialHkCandidate',
          'createdAt',
          'updatedAt',
          'name',
          ...CANDIDATE_SELF_FIELDS,
        ],
      },
      // selfChosenStatus is never taken from a body: listing it lets the candidate pause and activate.
      update: { when: 'self', fields: [...CANDIDATE_SELF_FIELDS, 'selfChosenStatus'] },
      // Their own CV, blind CV and profile PDF.
      download: { when: 'self' },
    },
    // Spec section 6: RaaS companies download the blind CV of candidates whose first name is known,
    // among the candidates companies may see at all (section 4: active and visible).
    raasCompany: { download: { when: ['hasFirstName', 'visibleToCompanies'], fields: ['blindResumePath'] } },
    // Companies search active candidates by everything but the admins' filters (spec section 2:
    // name, company name, owner and candidate status are admin-only).
    company: { search: { when: 'isActive', fields: CANDIDATE_SEARCH_FIELDS } },
  },
  admin: {
    label: 'Talent',
    recordLabel: 'Candidate',
    titleField: 'name',
    group: 'talent',
    list: {
      columns: [
        'name',
        'email',
        'status',
        'currentLocationId',
        'latestCompanyName',
        'latestJobTitle',
        'expectedSalary',
        'createdAt',
      ],
      sort: ['createdAt', 'DESC'],
      filters: ['q', 'status', 'visibility', 'tags', 'ownerId', 'skillIds', 'jobTitleLookingFor'],
      presets: { pending: { status: 0 }, pendingActivation: { status: 4 } },
      bulkStatus: true,
    },
    edit: {
      layout: [
        ['firstName', 'lastName'],
        ['email', 'phone', 'phoneWhatsapp'],
        ['profilePic'],
        ['linkedInUrl', 'githubUrl'],
        ['stackoverflowUrl', 'dribbbleUrl', 'portfolioUrl'],
        ['summary'],
        ['currentLocationId', 'citizenshipId', 'visa'],
        ['preferredLocations'],
        ['jobTitleLookingFor'],
        ['typeOfEmployment', 'candidateStatus'],
        ['expectedSalary', 'expectedSalaryCurrency'],
        ['currentSalary', 'currentSalaryCurrency'],
        ['noticePeriod', 'workingRemotely'],
        ['skills'],
        ['languages'],
        ['resumePath', 'blindResumePath'],
        ['status', 'visibility', 'anonymous', 'sendSetPasswordEmail'],
        ['tags', 'ownerId'],
        ['source', 'sourceOtherText'],
        ['reasonForLeaving', 'lookingFor'],
        ['isSpecialHkCandidate'],
        ['hkId', 'hkPassport'],
        ['hkAddress', 'hkCity'],
        ['hkState', 'hkCountry', 'hkZip'],
      ],
    },
  },
});
