/** Texts of candidates' consents and of retention: the entities' labels, the refusals and the candidate's page. */
const purposes = {
  terms: 'Terms and privacy notice',
  shownToCompanies: 'Shown to companies',
  sentToAts: "Sent to companies' ATSs",
  aiMatch: 'Assessed by AI match',
  marketing: 'Marketing emails',
};

export const consentEntityLabels = {
  candidateConsent: {
    fields: {
      candidateId: 'Candidate',
      purpose: 'Purpose',
      granted: 'Given',
      version: 'Notice version',
      source: 'How',
      requestNote: 'Note of the request',
      decidedAt: 'Decided',
      createdAt: 'Created',
      updatedAt: 'Updated',
    },
    enums: {
      purpose: purposes,
      source: {
        firstSignIn: 'At the first sign-in',
        profile: 'On the profile page',
        admin: 'By an admin on request',
        existing: 'Profile older than consents',
        noticeChange: 'At a sign-in after a notice change',
      },
    },
  },
  candidateActivity: {
    fields: {
      candidateId: 'Candidate',
      lastActiveAt: 'Last signed in',
      remindedAt: 'Reminded',
      archivedAt: 'Archived',
    },
  },
  retentionRun: { fields: { ranAt: 'Ran', counts: 'What it did', periods: 'Periods applied' } },
};

/** The data rights log's entries about consents and retention. */
export const consentLogActions = {
  consentGiven: 'Consent given',
  consentWithdrawn: 'Consent withdrawn',
  noticeAccepted: 'Notice accepted',
  noticeDeclined: 'Notice declined',
  inactivityReminded: 'Reminded of inactivity',
  archivedForInactivity: 'Archived for inactivity',
};

/** Refusals of the consents endpoints, by field. */
export const consentFieldErrors = {
  consents: {
    errors: {
      empty: 'Choose at least one consent to change',
      noticeChanged: 'The notice changed while you read it: read the new one',
      noticePending:
        'Accept our terms and privacy notice in force to change anything else. You can still download or erase your data.',
      noticeDeclined:
        'You declined our terms and privacy notice: you can download or erase your data, or accept the notice to go on.',
    },
  },
  request: { errors: { required: 'Say how and when the candidate asked', tooLong: 'Keep it under 2,000 characters' } },
};

/** The candidate's page and the notice dialog. */
export const consentsPortal = {
  title: 'What you agreed to',
  intro: 'You decide how we use your profile. A change takes effect at once.',
  purposes,
  hints: {
    shownToCompanies: 'Companies find you in search and see your profile. Off: no company finds or names you.',
    sentToAts: 'Companies that shortlist you may copy your profile into their applicant-tracking system.',
    aiMatch: 'Our matching assesses your profile against job descriptions.',
    marketing: 'News about the product and hiring in your region, by email.',
  },
  decided: 'Since {date}',
  withdrawn: 'You withdrew this consent.',
  given: 'You gave this consent.',
  hideTitle: 'Stop showing your profile to companies?',
  hideMessage:
    'Companies will stop finding you in search and will no longer see your profile. You can turn this back on here at any time.',
  hideConfirm: 'Stop showing my profile',
  hideCancel: 'Keep it shown',
  notice: 'You accepted the terms and privacy notice of {version} on {date}.',
  noticeTitle: 'Our terms and privacy notice',
  noticeChangedTitle: 'Our terms and privacy notice changed',
  noticeIntro:
    'Before you go on, read our terms and privacy notice (version {version}) and choose how we may use your profile. You can change these choices on your profile page at any time.',
  noticeChangedIntro:
    'We updated our terms and privacy notice (now version {version}). Read them, and check how we may use your profile, to go on.',
  readPrivacy: 'Read the privacy notice',
  readTerms: 'Read the terms of service',
  declineHint:
    'If you decline, companies no longer see your profile and you can only download or erase your data, or sign out. You can accept later.',
  accept: 'Accept and continue',
  decline: 'Decline',
  signOut: 'Sign out instead',
  declinedBanner:
    'You declined our terms and privacy notice, so companies do not see your profile. You can download a copy of your data, ask us to erase it, or accept the notice to use your profile again.',
  declinedAccept: 'Review and accept',
  decidedOff: 'Off since {date}',
};
