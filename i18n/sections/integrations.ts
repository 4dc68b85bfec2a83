/** Integrations with applicant-tracking systems: the server's messages (spec section 9) and the /integrations page. */
export const integrations = {
  notFound: 'Integration not found',
  noPermission: 'You do not have permission to manage integrations',
  invalidInput: 'Some fields need your attention',
  apiKeyInvalid: 'API key invalid',
  alreadyAdded: 'This ATS is already added',
  authError: 'The ATS refused our credentials. Connect it again.',
  unavailable: 'The ATS did not answer. Please try again in a moment.',
  notConnected: 'This ATS is recorded as yours but has no live connection to sync',
  syncQueued: 'Sync started',
  removed: 'Integration removed',
  leverNotConfigured: 'Sign-in with Lever is not set up on this server',
  leverSignInFailed: 'Lever sign-in did not complete. Please try again.',
  authErrorEmail: {
    subject: 'Your {ats} integration needs to be connected again',
    text: 'Hello,\n\n{ats} refused the credentials we hold for {company}, so candidates are no longer synced. An admin of your team can connect it again from {link}.\n',
  },
  runReasons: {
    notRevealed: 'Not revealed to your company yet',
    notVisible: 'Not visible to your company',
  },
};

/** Field-level refusals of the integration forms. */
export const integrationFieldErrors = {
  apiKey: { errors: { invalid: 'API key invalid', required: 'Enter the API key' } },
  subdomain: { errors: { invalid: 'Enter the account subdomain, e.g. acme for acme.workable.com', required: 'Enter the account subdomain' } },
  clientId: { errors: { required: 'Enter the client id' } },
  clientSecret: { errors: { required: 'Enter the client secret', invalid: 'API key invalid' } },
  kind: { errors: { invalid: 'Choose an ATS from the list', exists: 'This ATS is already added' } },
  jobId: { errors: { notFound: 'This job is not open in your ATS' } },
};

const environment = { dev: 'Dev', production: 'Production', uat: 'UAT', qa: 'QA', sandbox: 'Sandbox' };
const integrationId = 'Integration';
const stamps = { createdAt: 'Created', updatedAt: 'Updated' };

/** Field and choice labels of the integration entities. */
export const integrationEntityLabels = {
  integration: {
    fields: {
      companyId: 'Company',
      kind: 'ATS',
      environment: 'Environment',
      status: 'Status',
      account: 'Account',
      settings: 'Settings',
      candidatesSynced: 'Candidates synced',
      lastSyncedAt: 'Last synced',
      createdById: 'Connected by',
      ...stamps,
    },
    enums: { environment, status: { connected: 'Connected', recorded: 'Recorded', authError: 'Auth error' } },
  },
  integrationLink: {
    fields: {
      integrationId,
      localKind: 'Local kind',
      localId: 'Local id',
      remoteId: 'Remote id',
      syncedStage: 'Stage sent',
      remoteChangedAt: 'Changed in the ATS',
      ...stamps,
    },
    enums: { localKind: { project: 'Project', projectCandidate: 'Project candidate' } },
  },
  integrationJob: { fields: { integrationId, remoteId: 'Remote id', title: 'Title', open: 'Open', ...stamps } },
  integrationRun: {
    fields: {
      integrationId,
      trigger: 'Trigger',
      status: 'Status',
      created: 'Created',
      updated: 'Updated',
      skipped: 'Skipped',
      failed: 'Failed',
      entries: 'Records',
      error: 'Error',
      startedAt: 'Started',
      finishedAt: 'Finished',
    },
    enums: { trigger: { manual: 'Manual', schedule: 'Scheduled' }, status: { running: 'Running', done: 'Done', failed: 'Failed' } },
  },
};
