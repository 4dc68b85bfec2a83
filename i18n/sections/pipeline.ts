/**
 * The pipeline API's messages (backend/features/pipeline): moves between stages and their
 * refusals, the candidate menu's actions and candidate notes. `pipelineProjectMessages` joins the
 * catalogue's `project` key beside the projects' own; `pipelineMessages` sits at the top level.
 */
export const pipelineProjectMessages = {
  recruitment: {
    moved: 'Candidate moved',
    movedMany: '{count} candidates moved',
    errors: {
      notAllowed: 'This move is not allowed from the candidate’s current stage',
      movedMeanwhile: 'This candidate was moved by someone else meanwhile',
      differentStages: 'Select candidates from one tab to move them together',
      upgradeRequired: 'Upgrade this project to the Power plan to move candidates to interviews and beyond',
      guaranteeRequired: 'Guarantee this candidate before moving them to offered or placed',
      revealRequired: 'Moving this candidate reveals their personal details to the company. Confirm to continue.',
      projectInactive: 'This project is inactive: candidates cannot be moved',
      interviewerBusy:
        'The interviewer already has an interview at this time. Choose another time, propose several, or move candidates to an interview one at a time.',
    },
  },
  candidate: {
    notFound: 'This candidate is not available in this project',
    access: {
      noCompany: 'This project has no company to grant access to',
    },
    add: {
      success: 'Candidate added to the project',
      exists: 'This candidate is already in that project',
      failed: 'The candidate could not be added to the project',
    },
  },
} as const;

/** The interview schedule's field messages (schema/validation/schedule.ts). */
const schedule = {
  errors: { required: 'Add the interview details' },
  interviewerName: {
    errors: { required: 'Enter the interviewer’s name', invalid: 'Write the interviewer’s name on one line' },
  },
  interviewerEmail: { errors: { required: 'Enter the interviewer’s email', invalid: 'Enter a valid email address' } },
  type: { errors: { required: 'Choose in person or virtual', invalid: 'Choose in person or virtual' } },
  address: { errors: { required: 'Enter the address' } },
  meetingLink: {
    errors: { required: 'Add the meeting link', invalid: 'Enter a web address, such as meet.example.com/abc' },
  },
  duration: { errors: { required: 'Choose the duration', invalid: 'Choose 15 to 120 minutes, in steps of 15' } },
  timezone: { errors: { required: 'Choose a timezone', invalid: 'Choose a timezone from the list' } },
  slots: {
    errors: {
      required: 'Propose at least one date and time',
      invalid: 'Enter a date and a time',
      inPast: 'Choose a time that is still ahead',
      skipped: 'This time does not exist in the chosen timezone: the clocks go forward then',
      duplicate: 'This time is already proposed',
      tooMany: 'Propose at most 5 times',
      taken: 'The interviewer already has another interview at this time: choose another time',
    },
  },
} as const;

/** Top-level message keys of the pipeline's calls. */
export const pipelineMessages = {
  candidateNote: {
    notFound: 'This note no longer exists',
    errors: {
      notYours: 'You can only change your own notes',
      before: "This note is not one of the candidate's notes",
    },
  },
  scheduleFormData: schedule,
  // The interview request carries the same schedule under another name.
  scheduleData: schedule,
  rejectFormData: { reason: { errors: { required: 'Give a reason for the rejection' } } },
  tab: { errors: { invalid: 'This tab does not exist', required: 'Choose a tab' } },
} as const;
