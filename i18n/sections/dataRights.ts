/** Texts of candidates' data rights: the entities' labels, the field errors and the candidate's page. */
const stamps = { createdAt: 'Created', updatedAt: 'Updated' };

export const dataRightsEntityLabels = {
  erasureRequest: {
    fields: {
      candidateId: 'Candidate',
      status: 'Status',
      source: 'Asked by',
      confirmedAt: 'Confirmed',
      dueAt: 'Due',
      heldReason: 'Reason for the hold',
      heldById: 'Held by',
      heldAt: 'Held',
      erasedAt: 'Erased',
      erasedById: 'Erased by',
      report: 'What was removed',
      ...stamps,
    },
    enums: {
      status: {
        awaitingCode: 'Awaiting the emailed code',
        coolingOff: 'Cooling off',
        held: 'On hold',
        erased: 'Erased',
        cancelled: 'Cancelled',
      },
      source: { candidate: 'The candidate', admin: 'An admin' },
    },
  },
  dataRightsLog: {
    fields: {
      candidateId: 'Candidate',
      action: 'Action',
      actorKind: 'Actor kind',
      actorId: 'Actor',
      detail: 'Detail',
      createdAt: 'When',
    },
    enums: {
      action: {
        erasureRequested: 'Erasure requested',
        erasureConfirmed: 'Erasure confirmed',
        erasureCancelled: 'Erasure cancelled',
        erasureHeld: 'Erasure held',
        erasureReleased: 'Hold released',
        erased: 'Erased',
      },
    },
  },
  erasedEmail: { fields: { emailHash: 'Email hash', createdAt: 'Erased' } },
};

/** Refusals of the data rights endpoints, by field. */
export const dataRightsFieldErrors = {
  erasure: {
    errors: {
      alreadyRequested: 'An erasure request of yours is already waiting',
      notOpen: 'There is no erasure request waiting',
      notCancellable: 'This request can no longer be cancelled',
      held: 'This request is on hold',
      done: 'This candidate was already erased',
    },
  },
  reason: { errors: { required: 'Say why the request is held', tooLong: 'Keep the reason under 2,000 characters' } },
};

/** The candidate's page: their data and their rights. */
export const dataRightsPortal = {
  title: 'Your data',
  erasureIntro:
    'You can ask us to erase your profile and everything we hold about you. We email you a code to confirm; the erasure happens %{days} days later, and you can cancel it until then.',
  requestErasure: 'Erase my data',
  codeLabel: 'Code from the email',
  confirm: 'Confirm erasure',
  cancel: 'Cancel my erasure request',
  codeSent: 'We sent a code to %{email}. Enter it to confirm.',
  coolingOff: 'Your data will be erased on %{date}. You can cancel until then.',
  held: 'Your request is on hold: %{reason}. We will contact you.',
  cancelled: 'Your erasure request is cancelled.',
};
