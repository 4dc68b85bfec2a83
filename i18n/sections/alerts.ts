/** Saved-search alerts: entity labels, the project page's switch, the digest email, the console's page. */
const frequency = { off: 'In the app only', daily: 'Daily email', weekly: 'Weekly email' };
const recipientKind = { admin: 'Admin', companyUser: 'Company user' };
const state = { new: 'New', seen: 'Seen', dropped: 'Dropped' };

export const alertEntityLabels = {
  alertSubscription: {
    fields: {
      projectId: 'Project',
      recipientKind: 'Recipient kind',
      recipientId: 'Recipient',
      companyId: 'Company',
      frequency: 'Email digest',
      timeZone: 'Time zone',
      matchedUrl: 'Filters matched',
      matchedAt: 'Last matched',
      lastAlertedAt: 'Last alerted',
      lastEmailedAt: 'Last emailed',
      lastLookedAt: 'Last looked',
      digestHandledAt: 'Digest period handled',
      createdAt: 'Created',
      updatedAt: 'Updated',
    },
    enums: { recipientKind, frequency },
  },
  alertNews: {
    fields: {
      subscriptionId: 'Alert',
      projectId: 'Project',
      candidateId: 'Candidate',
      firstMatchedAt: 'First matched',
      state: 'State',
      emailedAt: 'Emailed',
    },
    enums: { state },
  },
  alertMatch: { fields: { subscriptionId: 'Alert', candidateId: 'Candidate' } },
  alertChangedCandidate: { fields: { candidateId: 'Candidate', changedAt: 'Changed' } },
  alertCompanySetting: {
    fields: { companyId: 'Company', alertsOff: 'Alerts off', createdAt: 'Created', updatedAt: 'Updated' },
  },
};

export const alerts = {
  frequency,
  errors: {
    notYours: "Only the project's owner, the members it is shared with and its advocate receive its alerts",
    off: 'Alerts are turned off for this company',
    token: 'This unsubscribe link is not valid',
    inactive: 'Alerts start once the project is active again',
  },
  // No count: the bell's title stays while candidates are seen or paused; the panel it opens counts them live.
  notice: 'New candidates match {project}',
  newSince: '{count, plural, one {# new} other {# new}} since {day}',
  newBadge: 'New match',
  panel: {
    title: 'Alerts on new matches',
    on: 'Tell me about new candidates who match these filters',
    frequency: 'Email digest',
    timeZone: 'Time zone',
    showNew: 'Show the new ones',
    showAll: 'Show all',
    saved: 'Alert settings saved',
    offByPlatform: 'Alerts are turned off for your company',
    openInSearch: 'Open in search',
    noneNew: 'No new candidates since {day}: they were seen or no longer match.',
    loadError: "Could not load this project's alert.",
    loading: "Loading this project's alert",
    loadingNew: 'Loading the new candidates…',
    notSubscribedNew: 'You have no alert on this project, so there are no new candidates to show you.',
    turnOn: 'Turn on alerts',
    newError: 'Could not load the new candidates.',
    retry: 'Try again',
    inactive: 'This project is not active: its alerts resume when it is active again.',
    offTitle: 'Turn the alert off?',
    offMessage:
      '{count, plural, one {# candidate is} other {# candidates are}} new to you here: turned off, the alert forgets them.',
    offConfirm: 'Turn off',
  },
  search: {
    line: '{line} for your project {project}',
    show: 'Show them',
  },
  email: {
    // What this email carries: news not emailed before; the project page counts all still new to the person.
    subjectDaily:
      '{count, plural, one {# new candidate} other {# new candidates}} for {project} since your last digest',
    subjectWeekly:
      '{count, plural, one {# new candidate} other {# new candidates}} for {project} since your last weekly digest',
    greeting: 'Hi {name},',
    intro:
      '{count, plural, one {One candidate newly matches} other {# candidates newly match}} the filters of your project {project} since your last digest:',
    more: '…and {count, plural, one {# more} other {# more}}.',
    open: 'See them all, with any new ones you have not looked at yet: {url}',
    unsubscribe: 'Stop these emails (one click, no sign-in needed): {url}',
  },
  unsubscribe: {
    title: 'Stop alert emails',
    ask: 'Stop the digest emails of new candidates for {project}?',
    button: 'Stop these emails',
    done: 'You will get no more digest emails for {project}. Alerts stay in the app; turn them off on the project page.',
    invalid: 'This link is not valid any more.',
    gone: 'This alert was turned off already: no more digest emails will come from it.',
  },
  console: {
    title: 'Saved-search alerts',
    company: 'Company',
    subscriptions: 'Alerts on',
    news7: 'New matches, 7 days',
    emails7: 'Digests, 7 days',
    alertsOn: 'Alerts on for this company',
    turnedOff: 'Alerts turned off for {company}',
    turnedOn: 'Alerts turned on for {company}',
    loading: 'Loading alerts',
    loadError: 'The alerts could not be loaded.',
    retry: 'Try again',
    emptyTitle: 'No company has alerts yet',
    emptyHint:
      "A company appears here once one of its people turns on alerts for a project's saved search, or once its alerts are turned off.",
  },
};

export const alertFieldErrors = {
  frequency: { errors: { invalid: 'Choose off, daily or weekly' } },
  timeZone: { errors: { invalid: 'Choose a time zone such as Asia/Singapore' } },
};
