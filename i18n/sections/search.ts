/**
 * Candidate search and the lookups people type into: texts of the search API's answers and the
 * message keys of its field errors (at the catalogue's top level, where '<key>.errors.<rule>'
 * keys are looked up).
 */
export const search = {
  /** The notice period's options, worded as the project's and the candidate's (projectsPortal, workEntities, talent). */
  noticePeriods: { 0: 'Immediate', 1: '1 month', 2: '2 months', 3: '3 months or more' },
  sorts: { bestMatch: 'Best match', recentlyAdded: 'Recently added' },
  /** Labels of the search filters, by short key. */
  filters: {
    jt: 'Job titles',
    s: 'Skills',
    l: 'Preferred locations',
    cl: 'Current location',
    lang: 'Languages',
    i: 'Industries',
    te: 'Employment type',
    np: 'Notice period',
    cs: 'Candidate status',
    sf: 'Salary from',
    st: 'Salary to',
    cur: 'Salary currency',
    ef: 'Experience from (years)',
    et: 'Experience to (years)',
    r: 'Open to remote work',
    bd: 'Tags',
    ad: 'Owner',
    ns: 'Name',
    cn: 'Company name',
    ts: 'Text',
  },
  employmentTypes: { 1: 'Permanent', 2: 'Contract', 3: 'Part-time', 4: 'Internship' },
  situations: {
    0: 'Actively looking',
    1: 'Open to offers',
    2: 'Employed, not looking',
    3: 'Currently unemployed',
    4: 'Student or graduate',
  },
  /** The portal's search page (/search). */
  page: {
    textPlaceholder: 'Search titles, skills, summaries and employers',
    namePlaceholder: 'Name starts with',
    companyPlaceholder: 'Company name',
    typeToSearch: 'Type to search',
    tryDifferentText: 'Nothing by that name. Try a different text.',
    /** A chip for a name a saved filter holds that no row answers. */
    unknownName: '"{name}" (not found)',
    selectedOutOf: '{n} selected out of {m}',
    /** `range` is i18n's formatRange: '1–20 of 1,234', or '1–20 of about 12,000' for an estimate. */
    showing: 'Showing {range}',
    noResultsTitle: 'No candidates match all of these filters',
    noResultsText: 'Loosen a filter to see more candidates.',
    /** A page number past the last page of results (an old link, or results gone since). */
    pastEndTitle: 'No more candidates on this page',
    pastEndText: 'This search has fewer pages. Pick a page below.',
    loosen: 'Remove {filter}',
    errorTitle: 'The search did not answer',
    retry: 'Try again',
    clearAll: 'Clear all',
    filtersTitle: 'Filters',
    resultsTitle: 'Candidates found',
    /** The search page's keyboard links past the filter column and back (visible while focused). */
    skipToResults: 'Skip to results',
    backToFilters: 'Back to filters',
    moreOptions: 'More options',
    adminFilters: 'Admin filters',
    popular: 'Popular profiles',
    shortlisted: 'Already shortlisted in one of your projects',
    remote: 'Open to remote work only',
    salary: 'Expected salary',
    experience: 'Experience (years)',
    from: 'From',
    to: 'To',
    sort: 'Sort by',
    perPage: 'Per page',
    showFilters: 'Filters',
    hideFilters: 'Hide filters',
    anonymous: 'Anonymous candidate',
    years: '{n, plural, one {# year} other {# years}} of experience',
    matchedBecause: 'Matched on',
    lastUpdated: 'Updated {date}',
    noSalary: 'Salary not given',
    openProfile: 'Open profile of {name}',
    profileTitle: 'Candidate profile',
    close: 'Close',
    downloadPdf: 'Profile PDF',
    downloadCv: 'CV',
    downloadBlindCv: 'Blind CV',
    summary: 'Summary',
    skills: 'Skills',
    languages: 'Languages',
    experiences: 'Experience',
    educations: 'Education',
    tags: 'Tags',
    contact: 'Contact',
    present: 'present',
    adminAnonymous: 'Hidden from companies: they see this profile without name, photo or links.',
    /** The admin's marker on a result card of a hidden or anonymous candidate (its help is `adminAnonymous`). */
    hidden: 'Hidden',
    /** A facet count the search estimated (it may be too high or too low), and what a screen reader says of it. */
    facetEstimate: '≈ {n}',
    facetEstimateLabel: 'about {n} candidates',
    profileError: 'This profile could not be opened.',
    profileGone: 'This profile is no longer available.',
  },
};

const adminOnly = 'Only admins can use this filter';
const unknownName = (what: string) => `No ${what} by this name. Choose one from the list.`;
const unknownId = (what: string) => `No ${what} has this id. Choose one from the list.`;

export const searchErrors = {
  ns: { errors: { adminOnly, tooLong: 'At most 100 characters' } },
  cn: { errors: { adminOnly, tooLong: 'At most 100 characters' } },
  ad: { errors: { adminOnly, notFound: unknownName('admin') } },
  cs: { errors: { adminOnly, invalid: 'Choose listed candidate statuses' } },
  ts: { errors: { tooLong: 'At most 200 characters' } },
  jt: { errors: { notFound: unknownName('job title'), unknownId: unknownId('job title') } },
  s: { errors: { notFound: unknownName('skill'), unknownId: unknownId('skill') } },
  l: { errors: { notFound: unknownName('location'), unknownId: unknownId('location') } },
  cl: { errors: { notFound: unknownName('location'), unknownId: unknownId('location') } },
  lang: { errors: { notFound: unknownName('language'), unknownId: unknownId('language') } },
  i: { errors: { notFound: unknownName('industry'), unknownId: unknownId('industry') } },
  bd: { errors: { notFound: unknownName('tag'), unknownId: unknownId('tag') } },
  te: { errors: { invalid: 'Choose listed employment types' } },
  np: { errors: { invalid: 'Choose listed notice periods' } },
  cur: { errors: { unsupported: 'Choose a listed currency' } },
  q: { errors: { tooShort: 'Type at least 2 characters', required: 'Type at least 2 characters' } },
  toSgd: { errors: { tooSmall: 'Enter a rate above 0' } },
};
