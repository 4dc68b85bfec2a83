/** Integrations with applicant-tracking systems: the server's messages (spec section 9) and the /integrations page. */
export const integrations = {
  notFound: 'Integration not found',
  noPermission: 'You do not have permission to manage integrations',
  invalidInput: 'Some fields need your attention',
  apiKeyInvalid: 'API key invalid',
  noAtsMember:
    'No active member of this {ats} account has the email {email}. Ask an admin of the account to invite you, or connect as a member of it.',
  alreadyAdded: 'This ATS is already added',
  authError: 'The ATS refused our credentials. Connect it again.',
  permissionMissing: 'The ATS refused a call, a permission is missing: {reason}. Grant it in the ATS, then sync again.',
  leverScopeMissing:
    'Lever has not granted {scope}; an Owner or Admin must connect Lever again (Sign in with Lever) to grant it',
  connectPermissionMissing:
    'These credentials work, but {ats} refused them a permission the integration needs: {reason}. Grant it in {ats}, then connect again.',
  connectRateLimited:
    '{ats} is limiting calls right now. Try again in {seconds, plural, one {# second} other {# seconds}}.',
  goneFromAts: 'No longer in the ATS (deleted there)',
  disqualifyNote: 'Not selected: rejected in Talentbase',
  connectRefused: '{ats} refused the check of these credentials: {reason}',
  unavailable: 'The ATS did not answer. Please try again in a moment.',
  notConnected: 'This ATS is recorded as yours but has no live connection to sync',
  syncQueued: 'Sync started',
  syncCooldown:
    'A sync started less than {cooldown, plural, one {# minute} other {# minutes}} ago. Sync now can run again in {wait, plural, one {# minute} other {# minutes}}.',
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
    addedToPerson: 'Added to the person the ATS already had with this email',
    alreadyOnJob: 'Already on the job in the ATS: linked and moved to the stage',
    alreadyThere: 'Already on the job in the ATS, at this stage: linked',
    alreadyOnJobReactivated:
      'Already on the job in the ATS, rejected there: linked, taken back from the rejection and moved to the stage',
    hiredKept: 'Hired in the ATS: left as it is',
    reactivated: 'Rejected in the ATS: taken back from the rejection and moved to the stage',
    goneInAts: 'The application is no longer in the ATS (deleted there): not added again unless the candidate moves',
    statusChanged: 'Now {status} in the ATS',
    statusUnread: 'Its status could not be read: {reason}',
    applicationGone: 'The application was gone from the ATS: added again',
    applicationGoneRejected: 'The application was gone from the ATS: not added again, the candidate is rejected',
    personGone: 'The person was gone from the ATS (deleted or merged): found again by email and linked',
    personGoneAdded: 'The person was gone from the ATS (deleted or merged): added again',
    noAnswer: 'no answer came',
    personLost: "The ATS's answer to creating the person was lost: the person was found by email and linked",
    applicationLost: "The ATS's answer to creating the application was lost: it was found on the job and linked",
    personLostNotFound:
      "The ATS's answer to creating the person was lost ({cause}) and it is not in the ATS: the next sync looks again before creating it",
    applicationLostNotFound:
      "The ATS's answer to creating the application was lost ({cause}) and it is not on the job: the next sync looks again before adding it",
    personLostUnread:
      "The ATS's answer to creating the person was lost ({cause}) and looking them up failed: the next sync looks again before creating them",
    applicationLostUnread:
      "The ATS's answer to creating the application was lost ({cause}) and looking it up failed: the next sync looks again before adding it",
  },
  jobLinkedElsewhere: 'This job is already linked to the project “{project}”. Unlink it there first.',
  vendorAskedToWait:
    '{ats} asked us to wait until {until}: the candidates not yet sent go in the next sync, not before then',
};

/** Field-level refusals of the integration forms. */
export const integrationFieldErrors = {
  apiKey: {
    errors: {
      invalid: 'API key invalid',
      permission: 'This API key lacks a permission the integration needs',
      refused: 'The ATS refused the check of this API key',
      required: 'Enter the API key',
      noMember: 'No active member of this account has your email address',
      noMemberNamed:
        'No active member of this account has the email {email}. Ask an admin of the account to invite you, or connect as a member of it.',
    },
  },
  subdomain: {
    errors: {
      invalid: 'Enter the account subdomain, e.g. acme for acme.workable.com',
      required: 'Enter the account subdomain',
    },
  },
  accessToken: { errors: { required: 'Enter the API access token' } },
  clientId: { errors: { required: 'Enter the client id' } },
  clientSecret: {
    errors: {
      required: 'Enter the client secret',
      invalid: 'API key invalid',
      permission: 'These client credentials lack a permission the integration needs',
      refused: 'The ATS refused the check of these client credentials',
    },
  },
  kind: { errors: { invalid: 'Choose an ATS from the list', exists: 'This ATS is already added' } },
  jobId: {
    errors: {
      notFound: 'This job is not open in your ATS',
      linkedElsewhere: 'This job is already linked to another project',
    },
  },
  name: { errors: { required: 'Enter the name of your ATS' } },
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
      credentialsVersion: 'Credentials version',
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
      remoteJobId: 'Job in the ATS',
      syncedStage: 'Stage sent',
      remoteChangedAt: 'Changed in the ATS',
      remoteCandidateId: 'Person in the ATS',
      remotePersonCreated: 'Person created by the sync',
      remoteStatus: 'Status in the ATS',
      remoteStage: 'Matching stage',
      remoteStatusSince: 'Status since',
      remoteReadAt: 'Status read',
      remoteGoneAt: 'Gone from the ATS',
      ...stamps,
    },
    enums: { localKind: { project: 'Project', projectCandidate: 'Project candidate' } },
  },
  integrationFormerApplication: {
    fields: {
      integrationId,
      candidateId: 'Candidate',
      remoteId: 'Remote id',
      remoteJobId: 'Job in the ATS',
      remoteCandidateId: 'Person in the ATS',
      remotePersonCreated: 'Person created by the sync',
      ...stamps,
    },
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
    enums: {
      trigger: { manual: 'Manual', schedule: 'Scheduled' },
      status: { running: 'Running', done: 'Done', failed: 'Failed' },
    },
  },
};

/** The /integrations page (portal.integrationsPage). */
export const integrationsPortal = {
  subtitle:
    'Connect your applicant-tracking system: shortlisted candidates are synced to the linked job every 24 hours.',
  liveTitle: 'Connect your ATS',
  liveText:
    'These connect for real: shortlisted candidates of linked projects are sent to your ATS every 24 hours or when you sync now, and a card tells you when your ATS already has the person.',
  liveChip: 'Live sync',
  recordSection: 'Record which ATS you use',
  recordText: 'No live connection: choosing one records it as your company’s ATS, and nothing is sent to it.',
  recordTitle: 'Record {ats} as your ATS',
  otherHelp: 'Name the system you use: it is recorded as your company’s ATS, with no live connection.',
  vendorHelp: {
    workable:
      'In Workable, open Settings › Integrations › Apps and generate an API access token with the r_jobs, r_candidates and w_candidates scopes. It is stored encrypted and never shown again.',
    ashby:
      'In Ashby, open Admin › Integrations › API Keys and create a key that may read Jobs and read and write Candidates. It is stored encrypted and never shown again.',
    greenhouse:
      'In Greenhouse, open Configure › Dev Center › API Credential Management, create API credentials of type Harvest v3 (OAuth) for a custom integration, and copy the client id and the client secret (shown once). The secret is stored encrypted and never shown again.',
    lever: 'You will sign in to Lever and allow access; Lever then sends you back here. No key to copy.',
  },
  vendorLink: 'Where {ats} shows it',
  fieldHelp: {
    subdomain: 'acme for acme.workable.com',
    accessToken: 'Settings › Integrations › Apps in Workable',
    apiKey: 'Admin › Integrations › API Keys in Ashby',
    clientId: 'Shown with the credentials in Greenhouse’s Dev Center',
    clientSecret: 'Shown once, when the credentials are created',
    name: 'e.g. our in-house tracker',
  },
  environmentHelp: 'Which of your {ats} accounts this is.',
  lastSync: 'Last sync {date}',
  lastSyncCounts: 'Sent {pushed} · skipped {skipped} · failed {failed}',
  lastSyncStopped: 'The last sync stopped: {error}',
  lastSyncNone: 'No sync has finished yet.',
  syncQueued: 'Sync waiting to start…',
  syncRunning: 'Sync under way…',
  notSent: 'Not sent',
  account: 'Account',
  lastSynced: 'Last synced',
  candidatesSynced: 'Candidates synced',
  states: {
    connected: 'Connected',
    recorded: 'Your ATS (no live sync)',
    authError: 'Auth error',
    none: 'Not connected',
  },
  never: 'Never',
  connect: 'Connect',
  connectTitle: 'Connect {ats}',
  record: 'Set as our ATS',
  recordHelp: '{ats} has no live connection yet: it is recorded as your company’s ATS.',
  signInLever: 'Sign in with Lever',
  leverUnavailable: 'Sign-in with Lever is not set up on this server.',
  environment: 'Environment',
  environments: { 1: 'Dev', 2: 'Production', 3: 'UAT', 4: 'QA', 5: 'Sandbox' },
  fields: {
    apiKey: 'API key',
    accessToken: 'API access token',
    subdomain: 'Account subdomain',
    clientId: 'Client id',
    clientSecret: 'Client secret',
    name: 'Name of your ATS',
  },
  cancel: 'Cancel',
  connected: '{ats} connected. The first sync has started.',
  recorded: '{ats} recorded as your ATS.',
  syncNow: 'Sync now',
  syncStarted: 'Sync started',
  runLog: 'Run log',
  runLogTitle: '{ats} run log',
  noRuns: 'No sync has run yet.',
  runColumns: {
    created: 'Created',
    updated: 'Updated',
    skipped: 'Skipped',
    failed: 'Failed',
  },
  triggers: { manual: 'Manual', schedule: 'Scheduled' },
  runStates: { running: 'Running', done: 'Done', failed: 'Failed' },
  anonymous: 'Anonymous candidate',
  close: 'Close',
  remove: 'Remove',
  removeTitle: 'Remove {ats}?',
  removeMessage:
    'The connection, its stored credentials and its run log are deleted. Candidates already in {ats} stay there.',
  removed: '{ats} removed',
  leverConnected: 'Lever connected. The first sync has started.',
  leverFailed: 'Lever sign-in did not complete. Please try again.',
  leverNoMember:
    'Lever has no active user with your email address, so nothing was connected. Ask a Lever Super Admin to invite you, or let a Lever user connect it.',
  loadError: 'The integrations could not be loaded.',
  known: { since: 'Already in your {ats} since {month}', noDate: 'Already in your {ats}' },
  retry: 'Retry',
  links: {
    title: 'Linked projects',
    text: 'Shortlisted candidates of a linked project are sent to its job in {ats}.',
    job: 'Job in {ats}',
    notLinked: 'Not linked',
    closedJob: '{job} (no longer open in {ats})',
    loading: 'Loading the open jobs of {ats}…',
    loadError: 'The jobs of {ats} could not be loaded.',
    noJobs: 'No open jobs in {ats}. Open a job there, then sync now to see it here.',
    noProjects: 'Your company has no open projects to link yet.',
    unlink: 'Unlink',
    saving: 'Saving…',
    linked: 'Saved: linked to {job}',
    unlinked: 'Saved: not linked',
    linkedElsewhere: 'Already linked to the project “{project}”. Unlink it there first.',
  },
  replace: {
    action: 'Replace credentials',
    again: 'Connect again',
    title: 'Replace the {ats} credentials',
    help: 'Enter new credentials for the same {ats} account. Your linked projects and the candidates already sent are kept.',
    authError:
      '{ats} refused the credentials we hold, so nothing is synced. Connect again: your linked projects are kept.',
    done: '{ats} connected again. A sync has started.',
    submit: 'Save and connect',
  },
};
