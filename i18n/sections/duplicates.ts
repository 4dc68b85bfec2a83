/** Duplicate profiles: the server's messages, the console's review queue and merge, and the entities' labels. */
export const duplicates = {
  notFound: 'Pair not found',
  notOpen: 'This pair has already been decided',
  notInPair: 'Keep one of the pair’s two profiles',
  undoExpired: 'This merge can no longer be undone',
  undoChanged: 'The merged profile changed after the merge; undo would lose that change',
  alreadyUndone: 'This merge has already been undone',
  erasurePending: 'One of these profiles has an erasure request on its way: carry it out or cancel it before merging',
  erased: 'One of these profiles has been erased: it cannot be merged',
  changedSinceReview:
    'One of these profiles changed whether it is paused, anonymous or hidden since this review was opened: open it again to see the new defaults',
  reasons: {
    email: 'Same email',
    phone: 'Same phone',
    linkedIn: 'Same LinkedIn',
    github: 'Same GitHub',
    nameEmployerTitle: 'Close name, same employer and title',
    nameEmployer: 'Same name and employer, another title',
  },
  queue: {
    title: 'Duplicates',
    empty: 'No likely duplicates waiting for review',
    confidence: 'Confidence',
    reasons: 'Reasons',
    pair: 'Profiles',
    review: 'Review',
    scan: 'Scan the pool',
    scanQueued: 'Scanning the pool for duplicates',
    loading: 'Loading likely duplicates',
    perPage: 'Pairs per page',
    firstPage: 'First page',
    previousPage: 'Previous page',
    nextPage: 'Next page',
    lastPage: 'Last page',
    retry: 'Try again',
  },
  review: {
    title: 'Same person?',
    field: 'Field',
    notSame: 'Not the same person',
    merge: 'Merge into one profile',
    dismissed: 'Marked as two people',
    merged: 'Merged into {name}',
    undo: 'Undo merge',
    undone: 'Merge undone',
    empty: '(empty)',
    moves: 'Experience, education, notes, projects, requests and history of both profiles are kept',
    pausedTitle: 'Show a paused profile again?',
    pausedContent:
      'This person paused their profile themselves. Keeping the other status makes them visible to companies again.',
    pausedConfirm: 'Merge and show them again',
    loading: 'Loading both profiles',
    loadFailed: 'The pair could not be loaded',
    retry: 'Try again',
    notSameTitle: 'Not the same person?',
    notSameContent:
      '{first} and {second} will be recorded as two different people, and this pair will never be proposed again.',
    notSameConfirm: 'Mark as two people',
    mergeTitle: 'Merge these profiles?',
    mergeContent:
      '{merged} will be merged into {survivor}: its {projects} and {notes} move to {survivor}, and only {survivor} remains. You can undo this for {days} days from {survivor}’s page.',
    mergeConfirm: 'Merge',
    profileNumber: '#{n}',
    fieldValue: '{field}: {value}',
    sideName: '{name} ({detail})',
    keepSide: 'Keep {name}',
    kept: 'Profile kept',
    resolvedMergedTitle: 'This pair has already been merged',
    resolvedMerged: '{merged} was merged into {survivor} on {date}.',
    resolvedMergedBy: '{merged} was merged into {survivor} on {date} by {by}.',
    resolvedSurvivorGone: 'The profile it was merged into no longer exists.',
    resolvedUndo: 'The merge can still be undone, here or from {survivor}’s page.',
    openSurvivor: 'Open {name}',
    resolvedDismissedTitle: 'This pair has already been marked as two people',
    resolvedDismissed: 'Marked as two people on {date}.',
    resolvedDismissedBy: 'Marked as two people on {date} by {by}.',
    backToQueue: 'Back to the duplicates',
  },
  history: {
    title: 'Merged profiles',
    merged: '{name} merged into this profile on {date}',
    undone: '{name}: merge undone on {date}',
    undoUntil: 'Can be undone until {date}',
    undo: 'Undo merge',
    undoneNotice: 'Merge undone: {name} is a profile of its own again',
    unnamed: 'A profile',
    loading: 'Loading merged profiles',
    failed: 'Merged profiles could not be loaded: {reason}',
    retry: 'Try again',
    confirmTitle: 'Undo the merge of {name}?',
    confirmText:
      '{name} becomes a profile of its own again, with the rows the merge moved, and this profile returns to how it was before the merge. Each person told at the merge that another address signs in is emailed that their own does again.',
    confirmUndo: 'Undo merge',
    cancel: 'Cancel',
  },
  credits: {
    guaranteeRefunded: 'Guarantee paid twice for one person (two profiles merged): the later payment refunded',
    guaranteeRefundUndone: 'Merge undone: the refund of a guarantee paid twice taken back',
  },
  values: {
    star: '★',
    photo: 'Photo attached',
    cvAttached: 'CV attached',
    cv: 'CV attached ({type}, uploaded {month})',
  },
  counts: {
    experiences: '{n, plural, one {# experience} other {# experiences}}',
    educations: '{n, plural, one {# education} other {# educations}}',
    notes: '{n, plural, one {# note} other {# notes}}',
    projects: '{n, plural, one {# project} other {# projects}}',
    interviewRequests: '{n, plural, one {# interview request} other {# interview requests}}',
  },
  /** A merged profile's console address, opened on the profile it was merged into (admin/resources/movedRecord.ts). */
  oldLink: { mergedInto: 'This profile was merged into {name}' },
  warning: {
    title: 'This person may already have a profile',
    open: 'Open {name}',
    saveAnyway: 'Saving still creates the new profile; the pair then waits in the duplicate queue',
  },
};

/** Field-level refusals of the duplicates routes. */
export const duplicateFieldErrors = {
  keep: { errors: { invalid: 'Choose which profile keeps each field' } },
};

const stamps = { createdAt: 'Created', updatedAt: 'Updated' };

/** Field and choice labels of the duplicates' entities. */
export const duplicateEntityLabels = {
  candidateDuplicate: {
    fields: {
      candidateId: 'Candidate',
      otherId: 'Other candidate',
      reasons: 'Reasons',
      confidence: 'Confidence',
      status: 'Status',
      decidedById: 'Decided by',
      decidedAt: 'Decided',
      ...stamps,
    },
    enums: { status: { open: 'Open', dismissed: 'Not the same person', merged: 'Merged' } },
  },
  candidateMatchKey: {
    fields: { candidateId: 'Candidate', kind: 'Kind', key: 'Key', name: 'Name' },
    enums: {
      kind: {
        email: 'Email',
        phone: 'Phone',
        linkedIn: 'LinkedIn',
        github: 'GitHub',
        employerTitle: 'Employer and title',
        nameEmployer: 'Employer',
      },
    },
  },
  candidateMerge: {
    fields: {
      survivorId: 'Kept profile',
      mergedId: 'Merged profile',
      mergedById: 'Merged by',
      journal: 'Journal',
      undoUntil: 'Undo until',
      undoneAt: 'Undone',
      undoneById: 'Undone by',
      ...stamps,
    },
  },
};
