/** Interview requests, job descriptions sent to candidates and WhatsApp qualify requests: the portal's texts and the API's messages. */

/** portal.interviews.* */
export const interviews = {
  aCompany: 'a company',
  // Stand in for a project without a title and a candidate without a first name ("Hi there") in messages to candidates.
  aRole: 'a role',
  there: 'there',
  // The answer's email to the company, when the candidate accepted a proposed time.
  answeredTime: 'The interview is booked for {when}.',
  /** The email to the company's people when the candidate answered: `what` is one of `what`'s words. */
  answeredEmail: {
    what: { interview: 'interview request', jd: 'job description' },
    accepted: '{name} accepted your {what}',
    declined: '{name} declined your {what}',
    acceptedLine: '{name} accepted your {what} for {project}.',
    declinedLine: '{name} declined your {what} for {project}.',
    reasons: 'Reasons: {reasons}',
    theirWords: 'In their words: {text}',
    open: 'Open the project: {url}',
  },
  loading: 'Loading the request…',
  answer: {
    interviewTitle: 'Interview request',
    whitelistTitle: 'A role for you',
    interviewIntro: '{company} would like to interview you for this role.',
    whitelistIntro: '{company} is hiring for this role and would like to know whether you want to be put forward.',
    role: 'Role',
    company: 'Company',
    jobDescription: 'Job description',
    openJd: 'Open the full job description',
    interviewDetails: 'Proposed interview',
    interviewer: 'Interviewer',
    type: 'Type',
    inPerson: 'In person',
    virtual: 'Video call',
    address: 'Address',
    meetingLink: 'Meeting link',
    duration: 'Duration',
    minutes: '{count} minutes',
    timezone: 'Time zone',
    startsAt: 'Starts',
    slots: 'Proposed times',
    companyLocalTimes: "In the company's local time",
    yourTime: '{when} your time',
    chooseTime: 'Choose a time (times in {zone})',
    approvedInterviewAt: 'Your interview is booked for {when}. The calendar invitation is on its way to your email.',
    expires: 'Answer by {date}',
    approveInterview: 'Accept the interview',
    approveWhitelist: 'Yes, put me forward',
    reject: 'Decline',
    rejectTitle: 'Why are you declining?',
    rejectHint: 'Choose any that apply. Your answer helps the company and your talent advocate.',
    comment: 'Anything else you would like to say (optional)',
    sendReject: 'Send my answer',
    back: 'Back',
    approvedTitle: 'Thank you, your answer is sent',
    approvedInterview: 'The company will contact you to arrange the interview.',
    approvedWhitelist: 'Your talent advocate will put you forward for this role.',
    rejectedTitle: 'Thank you for letting us know',
    rejected: 'Your answer has been sent. We will keep you in mind for other roles.',
    usedTitle: 'You have already answered',
    used: 'This request was already answered. Nothing more is needed from you.',
    errorTitle: 'We could not open this request',
    error: 'Something went wrong. Check the link in your email or try again later.',
    expiredTitle: 'This request has expired',
    closedTitle: 'This role is closed',
    withdrawnTitle: 'This request is no longer open',
    expired: 'Requests are valid for 3 days. Your talent advocate can send you a new one.',
    invalidTitle: 'This link is not valid',
    invalid: 'Check that you opened the whole link from your email.',
    retry: 'Try again',
    noTimeLeft:
      'Another candidate has just booked this time, and no other proposed time is free. Your talent advocate can propose new times, or you can decline.',
    sendFailed: 'We could not send your answer. Check your connection and try again.',
    // Accepting failed for a reason other than the time: said in place, under the request (acceptFailure.ts).
    acceptFailed: {
      withdrawn: {
        title: 'This request was withdrawn by the company',
        text: 'The company withdrew it before your answer arrived, so it can no longer be accepted. Nothing more is needed from you.',
      },
      expired: {
        title: 'This request has expired',
        text: 'It can no longer be accepted: requests are valid for 3 days. Your talent advocate can send you a new one.',
      },
      closed: {
        title: 'This role is no longer open',
        text: 'The company closed or paused this role before your answer arrived, so it can no longer be accepted. Your talent advocate will tell you if it opens again.',
      },
      noTimeLeft: {
        title: 'Every proposed time has passed',
        text: 'This interview can no longer be booked at the times proposed. Your talent advocate can propose new times, or you can decline.',
      },
      busy: {
        title: 'Your answer was not sent',
        text: 'The request was being updated at the same moment. Nothing was changed: try again.',
      },
      invalid: {
        title: 'This link is not valid',
        text: 'It no longer names a request, so your answer was not sent. Open the link from your most recent email.',
      },
      notYours: {
        title: 'This request was sent to another candidate',
        text: 'You are signed in as someone else. Sign out, then open the link from your email again.',
      },
      tooMany: {
        title: 'Your answer was not sent',
        text: 'Too many tries in a short time. Wait a moment, then try again.',
      },
      field: {
        title: 'Your answer was not sent',
        text: 'Something in your answer was not accepted. Check it and try again.',
      },
      network: {
        title: 'Your answer was not sent',
        text: 'We could not reach the server. Check your connection and try again: your choice is kept.',
      },
      server: {
        title: 'Your answer was not sent',
        text: 'Something went wrong on our side. Nothing was changed: try again in a moment.',
      },
    },
  },
  reasons: {
    notLooking: 'I am not looking for a new role',
    salary: 'The salary does not match my expectations',
    location: 'The location or working mode does not suit me',
    role: 'The role does not match my experience or interests',
    company: 'I am not interested in this company',
    timing: 'The timing does not work for me',
    other: 'Another reason',
  },
  dialog: {
    interviewTitle: 'Request an interview',
    whitelistTitle: 'Send the job description',
    toCount: 'To {count, plural, one {# candidate} other {# candidates}}.',
    needsJd: 'This project has no job description yet. Add one first: write it or upload a file.',
    header: 'Header (optional)',
    body: 'Job description',
    footer: 'Footer (optional)',
    file: 'Or upload a PDF or Word file',
    chooseFile: 'Choose file',
    removeFile: 'Remove',
    channel: 'Send by',
    email: 'Email',
    whatsapp: 'Email and WhatsApp',
    counter: '{count} / {max}',
    send: 'Send',
    cancel: 'Cancel',
    sending: 'Sending…',
    jdMissing: 'Add a job description first',
    preview: {
      title: 'Preview',
      help: 'Read the message before it goes out: nothing is sent until you press Send.',
      subject: 'Subject: {subject}',
      firstName: '[first name]',
      jdLink: '[link to the job description]',
      acceptLink: '[link]',
      declineLink: '[link]',
      whatsappTitle: 'WhatsApp message',
      whatsappHelp: 'Sent too to candidates with a WhatsApp number; the others get the email only.',
      sendEmail: 'Send email to {count, plural, one {# candidate} other {# candidates}}',
      sendBoth: 'Send email and WhatsApp to {count, plural, one {# candidate} other {# candidates}}',
    },
    tooLong: 'At most {max} characters',
  },
  status: {
    interview: 'Interview request',
    whitelist: 'Job description',
    sent: 'sent',
    approved: 'accepted',
    rejected: 'declined',
    expired: 'expired',
  },
  actions: {
    requestInterview: 'Request interview',
    sendJd: 'Send job description',
    inactive: 'Requests go out only while the project is active',
  },
  list: {
    title: 'Interview requests',
    subtitle: 'Every interview request and job description sent to candidates, with their answers.',
    company: 'Company',
    project: 'Project',
    candidate: 'Candidate',
    kind: 'Kind',
    state: 'State',
    channel: 'Channel',
    sentBy: 'Sent by',
    sentAt: 'Sent',
    answeredAt: 'Answered',
    interviewAt: 'Interview',
    answer: 'Answer and reasons',
    // A WhatsApp request's message, under its channel (adminList.ts whatsappOut); a failure shows its reason instead.
    whatsapp: { pending: 'Pending', delivered: 'Delivered', failed: 'Failed' },
    from: 'From',
    to: 'To',
    search: 'Search project, company or candidate',
    all: 'All',
    companyId: 'Company id',
    projectId: 'Project id',
    emptyTitle: 'No interview requests yet',
    emptyText: 'Interview requests from companies, and candidates’ answers, will be listed here.',
    noMatch: 'No request matches these filters.',
    clear: 'Clear filters',
  },
  qualify: {
    action: 'Send WhatsApp qualify request',
    title: 'WhatsApp qualify request',
    toCount:
      'To {count, plural, one {# candidate} other {# candidates}} with a phone number. They can reply yes, no or in their own words.',
    header: 'Header',
    body: 'Message',
    oneLine: 'WhatsApp shows the message as one paragraph: line breaks become spaces and paragraphs are parted by “·”.',
    send: 'Send',
    cancel: 'Close',
    skipped:
      '{count, plural, one {# candidate without a phone number, or asked in the last 24 hours, was skipped} other {# candidates without a phone number, or asked in the last 24 hours, were skipped}}',
    previous: 'Earlier qualify requests',
    none: 'No qualify request sent yet.',
    reply: {
      yes: 'Replied yes',
      no: 'Replied no',
      text: 'Replied',
      optOut: 'Opted out of WhatsApp',
      none: 'No reply yet',
    },
    state: { queued: 'Not sent yet', failed: 'Not delivered' },
    unavailable: 'WhatsApp is not set up on this server: qualify requests cannot be sent.',
  },
  jd: {
    title: 'Job description',
    download: 'Download',
    at: 'at {company}',
    validUntil: 'This link is valid until {date}.',
  },
};

/** project.* messages of the API (joined into the catalogue's `project` key). */
export const interviewProjectMessages = {
  interview: {
    sent: 'Interview request sent to {count, plural, one {# candidate} other {# candidates}}',
    jdSent: 'Job description sent to {count, plural, one {# candidate} other {# candidates}}',
    errors: {
      alreadyRequested: 'This candidate has already been sent this request for this project',
      jdRequired: 'Add a job description first',
      candidateUnavailable: 'This candidate cannot be contacted: their profile is not active or not visible to you',
      projectInactive: 'Requests can only be sent from an active project',
      projectClosed: 'This role is no longer open, so this request can no longer be answered',
      invalidToken: 'This link is not valid',
      expired: 'This request has expired: requests are valid for 3 days',
      withdrawn:
        'The company has withdrawn this request, so it can no longer be answered. Nothing more is needed from you.',
      notYours: 'This request was sent to another candidate',
      slotTaken: 'Another candidate has just booked this time. Choose another one.',
    },
    // An accepted interview's calendar invitation (delivery.ts): the event's title (the .ics SUMMARY, its
    // cancellation's too), description, and the email that carries it, to the candidate and the interviewer.
    invitation: {
      title: 'Interview: {title}',
      subject: 'Invitation: interview for {title}',
      description: 'Interview for {title}.',
      descriptionWith: 'Interview for {title} with {interviewer}.',
      when: 'Your interview for {title} is on {when}.',
      attached: 'The calendar invitation is attached.',
    },
  },
  jd: {
    errors: {
      notFound: 'This job description link is not valid',
      expired: 'This job description link has expired: links are valid for 3 days',
    },
  },
  qualify: {
    sent: 'Qualify request sent to {count, plural, one {# candidate} other {# candidates}}',
    template: {
      header: 'A new opportunity for you',
      body: 'Hi! We have a role that matches your profile. Are you open to hearing more? Reply YES or NO.',
    },
    errors: {
      noWhatsapp: 'None of these candidates has a phone number for WhatsApp',
      askedRecently: 'These candidates were sent a qualify request in the last 24 hours: wait before asking again',
    },
  },
};

/** Field and other top-level messages. */
export const interviewFieldErrors = {
  jdText: {
    errors: { required: 'Add a job description first', tooLong: 'The job description is at most 1024 characters' },
  },
  jdHeader: { errors: { tooLong: 'The header is at most 60 characters' } },
  jdFooter: { errors: { tooLong: 'The footer is at most 60 characters' } },
  interviewRequestToken: { errors: { invalid: 'This link is not valid' } },
  userResponse: { errors: { invalid: 'Choose reasons from the list' } },
  slot: {
    errors: {
      required: 'Choose one of the proposed times',
      invalid: 'Choose one of the proposed times still ahead',
      taken: 'This time is already booked: choose another one',
    },
  },
  whatsapp: {
    errors: {
      signature: 'The signature of this delivery is not valid',
      verification: 'The verification token does not match',
      unavailable:
        'WhatsApp is not set up on this server: qualify requests cannot be sent. Contact candidates by email.',
    },
    // Why a queued message was not sent (whatsappNumber.ts): kept on the message and shown with its delivery state.
    notSent: {
      noCountry:
        'Not sent: the phone number has no country code and the candidate’s profile has no location to read it in. Add the country code (+44…) or the location.',
      invalidNumber:
        'Not sent: the phone number is not a valid number of the candidate’s location ({country}). Correct it on the profile.',
      invalidInternational:
        'Not sent: the phone number is not a valid international number. Correct it on the profile.',
    },
    // A failure the provider's status webhook reports later (whatsappStatus.ts), by its error code; else its title.
    notDelivered: {
      notWhatsapp:
        'Not delivered: the number is not on WhatsApp or cannot receive the message. Contact the candidate by email.',
      window:
        'Not delivered: the candidate has not written in the last 24 hours, so WhatsApp allows only an approved template.',
      unsupported: 'Not delivered: WhatsApp does not support this kind of message for the candidate.',
      other: 'Not delivered: WhatsApp reported “{title}”.',
      unknown: 'Not delivered: WhatsApp reported a failure without a reason.',
    },
  },
};
