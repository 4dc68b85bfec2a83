/** Texts of a candidate's copy of their data and of their correction requests: labels, refusals, the portal and the console. */
const stamps = { createdAt: 'Created', updatedAt: 'Updated' };

export const dataExportEntityLabels = {
  dataExport: {
    fields: {
      candidateId: 'Candidate',
      source: 'Asked by',
      requestedById: 'Requested by',
      status: 'Status',
      progress: 'Progress (%)',
      size: 'Size (bytes)',
      readyAt: 'Ready',
      expiresAt: 'Link expires',
      downloadedAt: 'Downloaded',
      error: 'Error',
      ...stamps,
    },
    enums: {
      status: { queued: 'Queued', preparing: 'Preparing', ready: 'Ready', failed: 'Failed', expired: 'Expired' },
      source: { candidate: 'The candidate', admin: 'An admin' },
    },
  },
  dataCorrection: {
    fields: {
      candidateId: 'Candidate',
      field: 'Field',
      proposedValue: 'Proposed value',
      note: 'Why',
      status: 'Status',
      answer: 'Answer',
      answeredById: 'Answered by',
      answeredAt: 'Answered',
      ...stamps,
    },
    enums: { status: { open: 'Waiting', applied: 'Applied', declined: 'Declined' } },
  },
};

/** Refusals of the export and correction endpoints, by field. */
export const dataExportFieldErrors = {
  dataExport: {
    errors: {
      pending: 'A copy of your data is already being prepared',
      notReady: 'There is no copy of your data ready to download',
      expired: 'This link has expired. Ask for a new copy of your data from your profile page.',
      invalidLink: 'This link is not valid',
      erased: 'This candidate was erased: there is no data left to copy',
    },
  },
  correction: {
    errors: {
      notOpen: 'This correction request has already been answered',
      tooMany: 'You already have a request waiting for this field',
    },
  },
  field: {
    errors: { required: 'Choose the field to correct', notCorrectable: 'This field cannot be corrected by request' },
  },
  answer: { errors: { required: 'Say why the request is declined' } },
  /** Words of the copy itself: who wrote a note or was alerted, at company level. */
  dataExportCopy: {
    ourTeam: 'Our team',
    authorUnknown: 'Not known: the author’s account was removed',
    /** Under the fields where notes about a candidate are written (the portal's notes, the console's internal notes). */
    notesIncluded: 'The candidate can ask for a copy of their data, which includes notes about them.',
    /** Who may read a note, by its visibility's code (NOTE_VISIBILITY). */
    noteVisibleTo: {
      adminsOnly: 'Our team only',
      companyToo: 'Our team and the company whose project the note is in',
    },
  },
  /** The page a browser gets when the emailed link to a copy is refused (expired, not valid, someone else's). */
  dataExportLink: {
    title: 'Your copy of your data',
    forbidden:
      'This link is for another account. Sign out and open it again, or ask for a copy of your own data from your profile page.',
    toProfile: 'Go to your profile page',
  },
  /** The console: producing an export, and the correction queue. */
  dataExportConsole: {
    produce: 'Export their data',
    produced: 'The export is being prepared; the candidate is emailed a link when it is ready',
    download: 'Download',
  },
  correctionQueue: {
    actions: 'Actions',
    apply: 'Apply',
    decline: 'Decline',
    declineTitle: 'Decline this correction',
    applyTitle: 'Apply this correction',
    valueLabel: 'Value to write',
    /** A request that proposes no value asks for the wrong one to be removed. */
    removeValue: 'Remove the value',
    removeValueLabel: 'Value to write (left empty, the value is removed)',
    reasonLabel: 'Reason, shown to the candidate',
    applied: 'The correction is applied',
    declined: 'The correction is declined',
    back: 'Back',
  },
};

/** The candidate's page: the copy of their data. */
export const dataExportPortal = {
  title: 'Download what we hold about you',
  intro:
    'Download everything we hold about you: your profile, documents and consents, the companies that revealed or shortlisted you, interview requests, AI-match results, pushes to companies’ hiring systems, your insights, the messages we sent you and your sign-ins. We prepare a ZIP file and email you a link that works for {hours} hours.',
  request: 'Prepare a copy of my data',
  preparing: 'Preparing your copy: {progress}%',
  ready: 'Your copy is ready. The link we emailed you works until {date}.',
  download: 'Download my data',
  failed: 'We could not prepare your copy. Please try again.',
  expired: 'Your last copy expired on {date} and can no longer be downloaded. Prepare a new one to download your data.',
  again: 'Prepare a new copy',
};

/** The candidate's page: asking for a correction of what admins curate. */
export const dataCorrectionPortal = {
  title: 'Ask for a correction',
  intro:
    'Some details of your profile are kept by our team. If one is wrong, tell us what it should say and we will answer here.',
  field: 'Field',
  value: 'What it should say',
  valueHint: 'Leave it empty to ask for the value to be removed',
  removeValue: 'remove the value',
  note: 'Why',
  send: 'Send the request',
  sent: 'Your request is sent',
  list: 'Your requests',
  status: { open: 'Waiting for an answer', applied: 'Applied', declined: 'Declined' },
  answer: 'Our answer: {answer}',
};
