/**
 * The applicant-tracking systems a company can name as its own (spec section 9: 19 kinds, sorted
 * alphabetically with "Other" last) and the four the product connects to live. The key is what a
 * company's `ats` field and an integration's `kind` hold; the label is what people read.
 */
export interface AtsKind {
  key: string;
  label: string;
  /** How a live connection is made: an API key, OAuth client credentials, an OAuth sign-in, or none (recorded only). */
  connect: 'apiKey' | 'clientCredentials' | 'signIn' | 'none';
}

const KINDS: AtsKind[] = [
  { key: 'ashby', label: 'Ashby', connect: 'apiKey' },
  { key: 'bamboohr', label: 'BambooHR', connect: 'none' },
  { key: 'breezy', label: 'Breezy HR', connect: 'none' },
  { key: 'bullhorn', label: 'Bullhorn', connect: 'none' },
  { key: 'greenhouse', label: 'Greenhouse', connect: 'clientCredentials' },
  { key: 'icims', label: 'iCIMS', connect: 'none' },
  { key: 'jazzhr', label: 'JazzHR', connect: 'none' },
  { key: 'jobvite', label: 'Jobvite', connect: 'none' },
  { key: 'lever', label: 'Lever', connect: 'signIn' },
  { key: 'manatal', label: 'Manatal', connect: 'none' },
  { key: 'pinpoint', label: 'Pinpoint', connect: 'none' },
  { key: 'recruitee', label: 'Recruitee', connect: 'none' },
  { key: 'successfactors', label: 'SAP SuccessFactors', connect: 'none' },
  { key: 'smartrecruiters', label: 'SmartRecruiters', connect: 'none' },
  { key: 'teamtailor', label: 'Teamtailor', connect: 'none' },
  { key: 'workable', label: 'Workable', connect: 'apiKey' },
  { key: 'workday', label: 'Workday', connect: 'none' },
  { key: 'zohorecruit', label: 'Zoho Recruit', connect: 'none' },
  { key: 'other', label: 'Other', connect: 'none' },
];

// Case-insensitive, by the labels' lower case: they are plain ASCII, and a collator would cost every page's start the
// loading of the browser's collation data.
const byLabel = (a: AtsKind, b: AtsKind) => {
  const [x, y] = [a.label.toLowerCase(), b.label.toLowerCase()];
  return x < y ? -1 : x > y ? 1 : 0;
};

/** The 19 kinds, alphabetical by label (case-insensitive) with Other last. */
export const ATS_KINDS: readonly AtsKind[] = [
  ...KINDS.filter((k) => k.key !== 'other').sort(byLabel),
  ...KINDS.filter((k) => k.key === 'other'),
];

export const ATS_KEYS = ATS_KINDS.map((k) => k.key) as [string, ...string[]];

export const atsKind = (key: string): AtsKind | undefined => ATS_KINDS.find((k) => k.key === key);

/** The environments an integration can point at (spec section 9). */
export const ATS_ENVIRONMENTS = { dev: 1, production: 2, uat: 3, qa: 4, sandbox: 5 } as const;

/** Where an integration stands: connected live, recorded without a connection, or its credentials stopped working. */
export const INTEGRATION_STATUS = { connected: 1, recorded: 2, authError: 3 } as const;

/** What a links row ties to a remote record. */
export const LINK_KIND = { project: 1, projectCandidate: 2 } as const;

/** Hours between scheduled syncs of a connected integration (spec section 9); what a sync found stays true that long. */
export const SYNC_INTERVAL_HOURS = 24;

export const RUN_TRIGGER = { manual: 1, schedule: 2 } as const;
export const RUN_STATUS = { running: 1, done: 2, failed: 3 } as const;
