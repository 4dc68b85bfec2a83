/** Texts of notifications and the live channel: entity labels, kinds, the inbox and the bell. */
const kinds = {
  companyAwaitsApproval: 'A company signed up and awaits approval',
  candidateCurated: 'A curated candidate arrived',
  interviewAnswered: 'An interview request was answered',
  qualifyAnswered: 'A qualify request was answered',
  candidateMovedByCompany: 'A company moved or rejected a candidate',
  creditsLow: 'Credits are running low',
  creditsExpiring: 'Credits expire within 7 days',
  syncFailed: 'A list sync failed',
  matchFinished: 'An AI match finished',
  chatMessage: 'A chat message arrived while you were away',
  savedSearchAlert: "New candidates match a project's saved filters",
  atsStatusChanged: "A candidate's status changed in your ATS",
  paymentReversed: 'A card payment for credits was refunded or disputed',
  paymentDelayed: 'A card payment for credits awaits the bank',
  orderExpired: 'An order for credits was cancelled: no bank transfer arrived',
};
const channels = { off: 'Off', inApp: 'In the app', email: 'In the app and by email' };
const recipientKind = { admin: 'Admin', companyUser: 'Company user' };

export const liveEntityLabels = {
  liveEvent: { fields: { topic: 'Topic', subjectId: 'Subject', kind: 'Kind', createdAt: 'Created' } },
  notification: {
    fields: {
      recipientKind: 'Recipient kind',
      recipientId: 'Recipient',
      kind: 'Kind',
      subjectKey: 'Subject',
      title: 'Title',
      body: 'Text',
      link: 'Link',
      unread: 'Unread',
      archived: 'Archived',
      events: 'Events',
      createdAt: 'Created',
      updatedAt: 'Updated',
    },
    enums: { recipientKind, kind: kinds },
  },
  notificationPreference: {
    fields: { recipientKind: 'Recipient kind', recipientId: 'Recipient', kind: 'Kind', channel: 'Channel' },
    enums: { recipientKind, kind: kinds, channel: channels },
  },
};

/** Titles of notifications, by kind; {candidate} is the name the recipient may see. */
export const notifications = {
  kinds,
  channels,
  titles: {
    companyAwaitsApproval: '{company} signed up and awaits approval',
    candidateCurated: '{candidate} was added to {project}',
    interviewAnswered: '{candidate} {answer} the interview request for {project}',
    interviewBooked: '{candidate} accepted the interview request for {project}, booked for {when}',
    qualifyAnswered: '{candidate} {answer} the qualify request for {project}',
    qualifyOptedOut: '{candidate} opted out of WhatsApp in reply to the qualify request for {project}',
    candidateMovedByCompany: '{company} moved {candidate} to {stage} in {project}',
    candidateRejectedByCompany: '{company} rejected {candidate} in {project}',
    creditsLow: 'Your credits are running low: {balance} left',
    creditsExpiring: '{credits, plural, one {# credit expires} other {# credits expire}} on {date}',
    matchDone: 'Your AI match "{subject}" finished: {judged} of {total} candidates judged',
    matchFailed: 'Your AI match "{subject}" failed: {reason}',
    matchCancelled: 'Your AI match "{subject}" was cancelled by another admin',
    syncFailed: 'The {ats} sync failed: {reason}',
    syncRecordsFailed: 'The {ats} sync could not send {count, plural, one {# candidate} other {# candidates}}',
    atsStatusChanged: '{candidate} in {project}: now "{status}" in {ats}',
    paymentRefunded:
      '{company}: {amount} of order {order} refunded; {taken} of its {credits, plural, one {# credit} other {# credits}} taken back, {spent} already spent (not recovered)',
    paymentRefundFailed:
      '{company}: the refund of {amount} on order {order} did not go through ({status}); the money stayed with us and {given, plural, one {# credit was} other {# credits were}} given back',
    paymentRefundedLapsed:
      '{company}: {amount} of order {order} refunded; {taken} of its {credits, plural, one {# credit} other {# credits}} taken back, {spent} already spent (not recovered), {lapsed} had already expired or been deleted',
    paymentDisputed:
      '{company} disputed the card payment of order {order} ({amount}, reason: {reason}); credits are taken back only if the dispute is lost',
    paymentDisputeLost:
      '{company} charged back order {order} (dispute lost, {amount}); {taken} of its {credits, plural, one {# credit} other {# credits}} taken back, {spent} already spent (not recovered)',
    paymentDisputeLostLapsed:
      '{company} charged back order {order} (dispute lost, {amount}); {taken} of its {credits, plural, one {# credit} other {# credits}} taken back, {spent} already spent (not recovered), {lapsed} had already expired or been deleted',
    paymentDisputeWon: 'The dispute {company} raised on order {order} was won: the payment of {amount} stands',
    paymentDisputeClosed: 'The dispute {company} raised on order {order} {status}: the payment of {amount} stands',
    paymentDelayed:
      'The payment of order {order} ({credits, plural, one {# credit} other {# credits}}) awaits the bank: the credits arrive once it confirms it',
    orderExpired:
      'Order {order} was cancelled: no bank transfer arrived within {days, plural, one {# day} other {# days}}. A transfer that still arrives will be credited; or place a new order',
  },
  aCandidate: 'A candidate',
  /** A thread's title read by someone who may not see the candidate's name (whatever name it was written with). */
  nameFreeTitles: {
    candidateCurated: 'A candidate was added to {project}',
    interviewAnswered: 'A candidate {answer} the interview request for {project}',
    other: 'News about a candidate in {project}',
  },
  answers: { accepted: 'accepted', declined: 'declined', answered: 'answered' },
  email: {
    subject: '{product}: {title}',
    text: '{title}\n\nOpen it: {url}\n\nChoose which notifications reach you by email on {prefs}.',
  },
  inbox: {
    title: 'Notifications',
    bell: 'Notifications, {count} unread',
    empty: 'You are all caught up.',
    /** The Archived tab with nothing in it: being caught up is the inbox's news, not the archive's. */
    emptyArchived: 'No archived notifications. Archive one to keep it here, out of your inbox.',
    markRead: 'Mark as read',
    markAllRead: 'Mark all as read',
    archive: 'Archive',
    unarchive: 'Move to inbox',
    actionError: 'Could not update the notification. Try again.',
    unread: 'Unread',
    all: 'All',
    archived: 'Archived',
    preferences: 'Notifications',
    preferencesHelp: 'Choose where each kind of notification reaches you.',
    loadError: 'Could not load your notifications.',
    loading: 'Loading your notifications',
    loadMore: 'Load more',
  },
  /** What a kind's choices do, where it is not plain. */
  help: {
    savedSearchAlert:
      "Emails of new matches are each project's digest, set on the project page. Off stops both the notices and the digests.",
  },
  errors: {
    notFound: 'This notification does not exist.',
    notForYou: 'This kind of notification never reaches you, so it has no setting of yours.',
    channelNotOffered: 'This kind of notification does not offer that choice.',
  },
};
