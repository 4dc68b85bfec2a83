/** Projects: the projects API's messages (plans, sharing, job descriptions) and its emails. */
export const projectMessages = {
  notFound: 'Project not found or you do not have access to it',
  errors: {
    freeSlotUsed:
      'Your company already has an active free project. Upgrade it to Power or close it to start another free project.',
    alreadyPower: 'This project is already on the Power plan',
    alreadyGuaranteed: 'This candidate is already guaranteed',
    guaranteeNotOffered: 'A guarantee is offered only for a candidate with an offer: move them to Offered first',
    guaranteeNeedsPower: 'Only the candidates of a Power project can be guaranteed. Upgrade the project first.',
    alreadyCancelled: 'This project is already set to end with its current cycle',
    notCancelled: 'This project is not set to end with its current cycle',
    inactive: 'This project is inactive',
    companyOnHold: 'The company is pending or inactive: its projects stay inactive until it is active again',
    companyFixed: 'A project stays with the company it was created for',
    typeFixed: 'A project keeps the kind its company gave it when it was created',
    ownerChange: "Only the company's Owners and Admins and the project's owner can hand it to another owner",
    ownerNotInCompany: "Choose an owner among the project company's users",
    ownerNotActive:
      'Choose an active user as the owner: this one is deactivated or has not accepted the invitation yet',
    ownerLeavesYou:
      "You would no longer have access to this project: only the company's Owners and Admins can hand over a project that is not shared with you",
    advocateInvalid: 'Choose an active talent advocate',
    advocateByGeneral: 'Only General admins assign a talent advocate to a project',
    salaryRange: 'The maximum salary must not be below the minimum',
    noDowngrade: 'A Power project cannot go back to the free plan',
    candidateNotInProject: 'This candidate is not in the project',
    activationFailed: 'The project could not be activated',
    noTimeLeft: 'Every time proposed for this interview has passed. Your talent advocate can propose new times.',
  },
  share: {
    errors: {
      invalid: 'The project or the access type is not valid',
      notFound: 'This user is not a user of the project company',
      sameAccessType: 'This user already has this access',
      unauthorized: 'Only the project owner and the company admins can share this project',
    },
    messages: {
      granted: 'Access granted',
      removed: 'Access removed',
      removedKept: 'The share was removed; this user still has access through their role, ownership or company sharing',
      company: 'Company sharing updated',
    },
  },
  emails: {
    curatedSubject: 'New curated {count, plural, one {candidate} other {candidates}} for {title}: {count}',
    curatedBody:
      'Our talent advocates added {count, plural, one {# new candidate} other {# new candidates}} to your project {title}.',
    curatedLink: 'See {count, plural, one {the candidate} other {them}} here: {url}',
    endedSubject: 'Your project {title} is now inactive',
    endedCancelled:
      'Your Power project {title} reached the end of its 30-day cycle and was cancelled, as you asked. It is now inactive.',
    endedNoCredits:
      'Your Power project {title} reached the end of its 30-day cycle and your company has not enough credits to renew it, so it is now inactive.',
    endedReopen: 'Buy credits and activate it again at {url}',
    greeting: 'Hi {name},',
    interviewCancelledSubject: 'Cancelled: interview for {title}',
    interviewCancelled: 'The interview for {title} on {when} is cancelled. The calendar invitation is attached.',
  },
} as const;

/** Field errors of the projects' inputs. */
export const projectFieldErrors = {
  jobDescription: { errors: { required: 'Add a job description: type it or upload a file' } },
  ownerId: { errors: { required: 'Choose the project owner' } },
  projectId: { errors: { required: 'Choose a project', invalid: 'This project is not valid' } },
} as const;
