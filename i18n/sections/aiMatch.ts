/** AI match (spec sections 1, 3 and 9): the server's messages, the entities' labels and the /ai-match page. */
export const aiMatch = {
  notFound: 'Match not found',
  started: 'Requirements read: check them, then start matching',
  queued: 'Matching started',
  cancelled: 'Match cancelled',
  notInReview: 'This match has already been started',
  notOpen: 'This match has already finished',
  noJobDescription: 'This project has no job description to match against',
  invalidInput: 'Some fields need your attention',
  fileUnreadable: 'The file could not be read',
};

/** Field-level refusals of the AI match forms. */
export const aiMatchFieldErrors = {
  jobDescription: {
    errors: { required: 'Paste a job description, upload a file or choose a project', tooShort: 'The job description is too short to match against' },
  },
  requirements: { errors: { invalid: 'These requirements are not valid' } },
};

const stamps = { createdAt: 'Created', updatedAt: 'Updated' };
const judge = { model: 'Language model', product: 'Product matcher' };

/** Field and choice labels of the AI match entities. */
export const aiMatchEntityLabels = {
  aiMatchRun: {
    fields: {
      createdById: 'Started by',
      projectId: 'Project',
      source: 'Source',
      fileName: 'File',
      jobDescription: 'Job description',
      inputHash: 'Input hash',
      requirements: 'Requirements',
      filters: 'Filters',
      status: 'Status',
      judge: 'Judge',
      model: 'Model',
      promptVersion: 'Prompt version',
      retrieved: 'Retrieved',
      toJudge: 'To judge',
      judged: 'Judged',
      notJudged: 'Not judged',
      reused: 'Reused',
      error: 'Error',
      startedAt: 'Started',
      finishedAt: 'Finished',
      ...stamps,
    },
    enums: {
      source: { text: 'Text', file: 'File', project: 'Project' },
      status: {
        review: 'Awaiting confirmation',
        queued: 'Queued',
        retrieving: 'Retrieving',
        judging: 'Judging',
        done: 'Done',
        failed: 'Failed',
        cancelled: 'Cancelled',
      },
      judge,
    },
  },
  aiMatchResult: {
    fields: {
      runId: 'Match',
      candidateId: 'Candidate',
      rank: 'Rank',
      matchScore: 'Matcher score',
      parts: 'Evidence',
      score: 'Score',
      strengths: 'Key strengths',
      recommendation: 'Recommendation',
      reasoning: 'Reasoning',
      judge: 'Judge',
      notJudged: 'Not judged',
      notJudgedDetail: 'Why not judged',
      reused: 'Reused',
      judgedAt: 'Judged',
    },
    enums: { recommendation: { strong_yes: 'Strong yes', yes: 'Yes', maybe: 'Maybe', no: 'No' }, judge },
  },
};

/** The /ai-match page (portal.aiMatchPage). */
export const aiMatchPortal = {
  subtitle: 'Paste a job description: we read its requirements, find the best candidates and explain each score.',
  jobDescription: 'Job description',
  experience: 'Years of experience: {from} to {to}',
  read: 'Read requirements',
  requirements: 'Requirements',
  requirementsHelp: 'Remove what the role does not need, then start matching.',
  required: 'required',
  start: 'Start matching',
  cancel: 'Cancel match',
  states: {
    review: 'Awaiting confirmation',
    queued: 'Queued',
    retrieving: 'Finding candidates',
    judging: 'Judging {judged} of {total}',
    done: 'Done',
    failed: 'Failed',
    cancelled: 'Cancelled',
  },
  judgeModel: 'Verdicts by the language model {model}',
  judgeProduct: 'Verdicts by the product matcher',
  columns: { candidate: 'Candidate', score: 'Score', recommendation: 'Recommendation', strengths: 'Key strengths', actions: 'Actions' },
  recommendations: { all: 'All', strong_yes: 'Strong yes', yes: 'Yes', maybe: 'Maybe', no: 'No' },
  notJudged: 'Not judged ({reason})',
  anonymous: 'Candidate {rank}',
  reasoning: 'Reasoning and evidence',
  evidence: 'Evidence from the profile',
  shortlist: 'Ranked shortlist',
  parts: { skills: 'Skills', title: 'Title', years: 'Experience', location: 'Location', salary: 'Salary', notice: 'Notice period', languages: 'Languages' },
  points: '{points} of {max} points',
  addSelected: 'Add selected to project',
  add: 'Add to project',
  project: 'Project',
  confirmAdd: "Add {count, plural, one {# candidate} other {# candidates}} to the project's suggested tab?",
  added: 'Added to the project',
  empty: 'No candidate matched these requirements.',
  loadError: 'The match could not be loaded.',
  close: 'Close',
};
