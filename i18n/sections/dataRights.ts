/** Texts of candidates' data rights: the entities' labels, the field errors and the candidate's page. */
import { consentLogActions } from './consents';

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
      source: { candidate: 'The candidate', admin: 'An admin', retention: 'Retention (inactive profile)' },
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
        atsRecordsErased: 'ATS records erased or listed for the company',
        ...consentLogActions,
        exportRequested: 'Export requested',
        exported: 'Export prepared',
        exportDownloaded: 'Export downloaded',
        exportExpired: 'Export expired and deleted',
        correctionRequested: 'Correction requested',
        correctionApplied: 'Correction applied',
        correctionDeclined: 'Correction declined',
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
      erasedEmail: 'This person asked to be erased; only they can bring their profile back, by signing up',
      notHeld: 'This request is not on hold',
      notConfirmed: 'The candidate has not confirmed this request yet',
      coolingOff: 'The cooling-off period of this request has not ended yet',
    },
  },
  /** The console's erasure queue. */
  erasureQueue: {
    actions: 'Actions',
    hold: 'Hold',
    holdTitle: 'Hold this erasure request',
    heldDone: 'The request is on hold',
    release: 'Release',
    released: 'The hold is released',
    carryOut: 'Erase now',
    confirmTitle: 'Erase {name}?',
    confirm: 'Erase this candidate now? This cannot be undone.',
    confirmEarly: "The candidate's cooling-off period has not ended. Erase them now anyway? This cannot be undone.",
    erased: 'The candidate is erased',
    back: 'Back',
  },
  reason: { errors: { required: 'Say why the request is held', tooLong: 'Keep the reason under 2,000 characters' } },
};

/** The candidate's page: their data and their rights. */
export const dataRightsPortal = {
  title: 'Your data',
  erasureIntro:
    'You can ask us to erase your profile and everything we hold about you. We email you a code to confirm; the erasure happens {days} days later, and you can cancel it until then.',
  requestErasure: 'Erase my data',
  codeLabel: 'Code from the email',
  confirm: 'Confirm erasure',
  cancel: 'Cancel my erasure request',
  codeSent: 'We sent a code to {email}. Enter it to confirm.',
  coolingOff: 'Your data will be erased on {date}. You can cancel until then.',
  held: 'Your request is on hold while we check something with you; we will contact you by email.',
  awaitingCode: 'Enter the code we emailed you to confirm your request.',
  confirmTitle: 'Confirm the erasure of your data',
  resend: 'Send a new code',
  cancelled: 'Your erasure request is cancelled.',
};
