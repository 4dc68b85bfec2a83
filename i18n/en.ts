/** The English catalogue: every user-facing text of the product, by key. */
import { portal } from './sections';
import { search, searchErrors } from './sections/search';
import { credits, creditFieldErrors } from './sections/credits';
import { imports } from './sections/imports';
import { documentUploadErrors, talent } from './sections/talent';
import { phoneErrors, talentErrors } from './sections/talentErrors';
import { entityLabels } from './sections/entities';
import { notifications } from './sections/live';
import { chat } from './sections/chat';
import { ra } from './sections/console';
import { interviewFieldErrors, interviewProjectMessages } from './sections/interviews';
import { dashboardFieldErrors } from './sections/dashboards';
import { projectFieldErrors, projectMessages } from './sections/projects';
import { pipelineMessages, pipelineProjectMessages } from './sections/pipeline';
import { integrationFieldErrors, integrations } from './sections/integrations';
import { aiMatch, aiMatchFieldErrors } from './sections/aiMatch';
import { dataRightsFieldErrors } from './sections/dataRights';
import { dataExportFieldErrors } from './sections/dataExport';
import { consentFieldErrors } from './sections/consents';
import { alertFieldErrors, alerts } from './sections/alerts';
import { duplicates, duplicateFieldErrors } from './sections/duplicates';
import { staleWriteErrors } from './sections/staleWrites';
import { bulkDelete } from './sections/bulkDelete';
import { bulkStatus } from './sections/bulkStatus';
import { loadFailed, recordChanged } from './sections/consoleLoadFailed';

export const en = {
  appName: 'Talentbase',
  messages: {
    saveSuccess: 'Saved successfully',
    saveError: 'Could not save your changes',
    internalServerError: 'Something went wrong. Please try again.',
    successMessage: 'Done',
    somethingWentWrong: 'Something went wrong',
    codeSent: 'If an account exists for this email, a sign-in code is on its way.',
    loggedOut: 'You have been signed out',
    magicLinkSent: 'If an account exists for this email, a sign-in link is on its way.',
    passwordlessCode:
      'There are no passwords here: you sign in with an emailed code. If an account exists for this email, a sign-in code is on its way.',
    passwordlessLink:
      'There are no passwords here: you sign in with an emailed link. If an account exists for this email, a sign-in link is on its way.',
    signupLinkSent: 'Check your email: open the link we sent to finish joining.',
    emailConfirmed: 'Your new email address is confirmed. Sign in with it from now on.',
  },
  errors: {
    validation: 'Some fields need your attention',
    required: 'This field is required',
    invalid: 'This value is not valid',
    invalidValue: 'A value in the request is not valid',
    unknownField: 'This field is not accepted here',
    invalidJson: 'The request body is not valid JSON',
    tooLong: 'This value is too long',
    tooShort: 'This value is too short',
    tooMany: 'Too many items',
    tooFew: 'Too few items',
    tooLarge: 'The request is too large',
    tooSmall: 'This value is too small',
    tooBig: 'This value is too large',
    exists: 'This value already exists',
    notFound: 'Not found',
    beforeFrom: 'Choose an end day on or after the start day',
    notAllowed: 'This value is not allowed',
    ownerDetails: "Only the company owner and platform admins change the owner's details",
    adminOnly: 'Only admins can use this',
    unsupported: 'This value is not supported',
    notWholeNumber: 'Enter a whole number',
    badRequest: 'The request is not valid',
    unauthorized: 'Please sign in to continue',
    forbidden: 'You do not have permission to do this',
    fieldNotWritable: 'You may not change some of these fields',
    notWritable: 'You may not change this field',
    inUse: 'This record is still in use and cannot be deleted',
    inUseBy: 'This record is still in use by {uses} and cannot be deleted',
    usedBy: {
      project: '{count, plural, one {# project} other {# projects}}',
      company: '{count, plural, one {# company} other {# companies}}',
      candidate: '{count, plural, one {# candidate} other {# candidates}}',
      record: '{count, plural, one {# record} other {# records}}',
    },
    busy: 'Someone else is changing the same records right now. Please try again.',
    internalServerError: 'Something went wrong. Please try again.',
    tooManyRequests: 'Too many requests. Please wait a moment and try again.',
    crossSite: 'This request came from another site and was refused',
    invalidText: 'This text contains characters that are not allowed',
    notAllowedKey: 'This name is not allowed here',
    tooDeep: 'This value is nested too deeply',
    notAnObject: 'The request body must be a JSON object',
    unsupportedMediaType: 'Send the request body as JSON or as a multipart form',
    pageNotFound: 'Page Not Found',
    generic: 'Looks like something went wrong...!',
    ...staleWriteErrors,
  },
  otp: {
    invalid: 'Verification code invalid or expired',
    locked: 'Too many wrong codes. Request a new code.',
  },
  user: {
    notFound: 'No account for this email',
    notActivate: 'Your account is not active',
    pending: 'Your account is pending approval',
    invitationPending:
      "You have an invitation to join {company}: open the link in the invitation email, or ask your team's admin to send it again",
    invitationPendingAnyCompany:
      "You have an invitation to join your company: open the link in the invitation email, or ask your team's admin to send it again",
    pendingActivation: 'Your account is pending activation',
    statusErr: 'Your user role or status does not allow signing in',
  },
  company: {
    notFound: 'Company not found',
    pending: 'Your company is pending approval',
    notActivate:
      'Your company is not active. For help, reply to the email we sent about your company, or contact our support team.',
    roleMismatch: 'Your role does not match your company',
    hasUsers: 'This company still has users. Remove them or move them to another company first.',
    errors: { required: 'Choose a company', notFound: 'Company not found' },
  },
  email: {
    exists: 'Email already linked to an account',
    errors: {
      invalid: 'Enter a valid email address',
      exists: 'Email already exists',
      businessEmail: 'Use your business email address, not a personal one',
      notInValidDomains: 'Use an email address in one of the company domains',
      duplicate: 'This email address is listed twice',
      mismatch: 'Email not matching the invitation',
      sameAsCurrent: 'This is already your email address',
      required: 'Enter an email address',
      duplicateInFile: 'This email is on an earlier row of the file',
      notYours: 'Only the person can change their own email address',
      useAccountPage: 'Change your email address from your account page: we confirm the new address first',
    },
  },
  invite: {
    expired: 'This invitation has expired. Ask your team admin to send a new one.',
    notFound: 'This invitation was not found',
    used: 'This invitation has already been used. Sign in instead.',
    mismatch: 'This email does not match the invitation',
    outsideDomains:
      'Your company no longer accepts accounts at this address’s domain. Ask your team admin for an invitation to your company address.',
  },
  magicLink: {
    invalid: 'This sign-in link is invalid or has expired',
    confirm: 'This sign-in link was asked for in another browser: confirm that you want to sign in with it',
  },
  sso: {
    decodeFailed: 'We could not read the sign-in details from the provider. Please try again.',
    userMismatch: 'SSO user mismatch. Please sign in again.',
  },
  signup: {
    invalid: 'Sign-up not valid. Please start again.',
    completed: 'This sign-up is already completed',
    emailNotConfirmed: 'Confirm your email address with the code we sent before you continue.',
  },
  confirmEmail: { invalid: 'Verification code invalid or expired' },
  agreeTerms: { errors: { required: 'Please agree to the terms of service' } },
  invites: { errors: { tooMany: 'Invite at most 10 colleagues', invalid: 'Invitations must be a list' } },
  profilePicEdit: { errors: { notAllowed: 'This account has no profile picture' } },
  /** The list a console bulk action sends (BULK_MAX in schema/validation/inputs.ts); `keys` as the spec names it. */
  ids: { errors: { tooMany: 'Choose at most 100 at a time', overPage: 'Choose at most 1,000 at a time' } },
  keys: { errors: { tooMany: 'Choose at most 100 at a time' } },
  users: {
    errors: {
      required: 'Choose at least one user',
      tooMany: 'Choose at most 100 users',
      owner: 'The company owner cannot be changed here',
      self: 'You cannot change your own status or role',
      pendingInvitation: 'This user has not accepted the invitation yet',
    },
  },
  companyUser: {
    inviteInstead: 'Add colleagues by inviting them from the team page',
    ownerUndeletable: 'The company owner cannot be deleted',
    selfUndeletable: 'You cannot delete yourself',
  },
  admins: {
    selfUndeletable: 'You cannot delete yourself',
    lastGeneralAdmin: 'At least one active General admin must remain',
  },
  status: {
    errors: {
      owner: 'Only platform admins change the company owner',
      self: 'You cannot change your own status',
      pendingInvitation: 'This user becomes active by accepting the invitation',
      ownerPending: 'A company owner is active from the start: choose Active, or add them as an admin and invite them',
    },
  },
  companyId: {
    errors: {
      fixed: 'A company user stays with their company: add the person to the other company instead',
    },
  },
  role: {
    errors: {
      owner: 'Only platform admins change the company owner',
      self: 'You cannot change your own role',
      pendingInvitation: 'This user has not accepted the invitation yet',
      notAllowed: 'Only platform admins make someone the company owner',
    },
  },
  transferTo: { errors: { invalid: 'Choose an active user of the same company to take over' } },
  upload: {
    errors: {
      typeUnsupported: 'This file type is not supported',
      tooMany: 'Too many files',
      tooLarge: 'This file is too large',
      ...documentUploadErrors,
      required: 'Choose a file to upload',
      unsupportedType: 'Upload a PDF or Word (DOCX) file',
      tooManyFiles: 'Upload one file at a time',
      unreadable: 'This file could not be read. Try another copy.',
      invalid: 'This upload is not valid',
      tooComplex: 'This file holds more than a CV can. Save it again as a plain PDF or Word file.',
      readingOne: 'Your previous file is still being read. Try again in {seconds} s, once it is done.',
      readerBusy: 'Files are being read for many people right now. Try again in {seconds} s.',
    },
  },
  profilePic: { errors: { notUploaded: 'Upload the picture from your account page' } },
  phone: { errors: phoneErrors },
  tags: {
    errors: { identifierExists: 'Tag identifier already exists', icon: 'Choose one of the icons shown' },
    semiActive: {
      name: 'Semi-active',
      description:
        'Profiles visible to our team only, who can put them forward for roles; companies do not find them in search',
    },
    iconHelp: 'Choose the icon shown beside the tag',
    iconChosen: 'Chosen: {icon}',
    iconUnknown: '"{icon}" is not one of our icons: choose one of those shown',
    icons: {
      star: 'Star',
      verified: 'Verified',
      whatshot: 'Hot',
      bolt: 'Bolt',
      rocket: 'Rocket',
      emoji_events: 'Trophy',
      trending_up: 'Trending up',
      lightbulb: 'Light bulb',
      psychology: 'Mind',
      insights: 'Insights',
      groups: 'Group',
      handshake: 'Handshake',
      diversity: 'Diversity',
      share: 'Share',
      record: 'Speaking',
      translate: 'Translate',
      language: 'Globe',
      public: 'World',
      flight: 'Flight',
      home: 'Home',
      apartment: 'Office building',
      work: 'Briefcase',
      workspace: 'Award',
      engineering: 'Engineer',
      code: 'Code',
      cloud: 'Cloud',
      science: 'Science',
      health: 'Health',
      payments: 'Payments',
      shopping: 'Shopping cart',
      palette: 'Palette',
      shield: 'Shield',
      badge: 'Badge',
      school: 'Graduation',
      description: 'Document',
      schedule: 'Clock',
      replay: 'Return',
      favorite: 'Heart',
      archive: 'Archive',
    },
  },
  identifier: { errors: { lowerCaseAndDigits: 'Use lower-case letters and digits only' } },
  validDomains: {
    errors: {
      invalid: 'Enter valid domains such as acme.com',
      businessDomain: 'Free and test email domains cannot be company domains',
      mustIncludeEmailDomain: 'Include the domain of your own email address',
      companyHasAccount: "Your company already has an account on Talentbase. Ask your company's admin to invite you.",
      claimed: 'One of these domains already belongs to another company on Talentbase. Remove it to continue.',
    },
  },
  code: {
    errors: {
      twoLetters: 'Use the two-letter code',
      invalid: 'Enter the six digits of the code',
      required: 'Enter the code from the email',
    },
  },
  range: { errors: { invalid: 'range must be [start, end] with 0 <= start <= end and at most 1000 rows' } },
  sort: { errors: { invalid: 'sort must be ["field", "ASC" | "DESC"] on a sortable field' } },
  filter: { errors: { invalid: 'filter must be a JSON object of known fields' } },
  import: {
    errors: {
      unknownColumn: 'The import does not know this column',
      repeatedColumn:
        'The file names the column “{column}” more than once (columns {columns}): keep one of them and import the file again',
      fileType: 'Choose a .csv or .jsonl file',
      empty: 'The file is empty',
      alreadyRunning: 'This file is already being imported. Wait for that import to finish.',
      noReport: 'This import has no report yet',
    },
  },
  /** The admin console (admin/). */
  admin: {
    console: 'Console',
    login: {
      pageTitle: 'Sign in',
      subtitle: 'Admin console. Sign in with a code sent to your email.',
      email: 'Work email',
      sendCode: 'Send code',
      code: 'Six-digit code',
      codeSent:
        'If {email} has a console account, we sent it a sign-in code, valid for 10 minutes. Company and candidate accounts get an email with the way to the portal instead.',
      codeIncomplete: 'Enter all six digits of the code',
      signIn: 'Sign in',
      otherEmail: 'Use another email',
      resend: 'Send a new code',
      devHint: 'Development: every email, including sign-in codes, appears in the',
      devMailbox: 'development mailbox',
    },
    notAdmin: {
      title: 'This console is for platform admins',
      message: '{email} is a company or candidate account. Companies and candidates work in the portal.',
      openPortal: 'Go to the portal',
      otherAccount: 'Sign in with another account',
    },
    menu: {
      label: 'Console menu',
      all: 'All {label}',
      openPortal: 'Open portal',
      inPortal: 'In the portal',
      supportChat: 'Support chat',
      lookups: 'Lookups',
      groups: { companies: 'Companies', talent: 'Talent', credits: 'Credits', lookups: 'Lookups' },
    },
    selectRow: 'Select {name}',
    presets: {
      pending: 'Pending {label}',
      candidates: { pending: 'Pending curation', pendingActivation: 'Pending activation' },
    },
    list: { search: 'Search', any: 'Any', deleted: 'Deleted {label}' },
    related: { titleWithCount: '{label} ({count})', empty: 'No {label} yet' },
    empty: {
      title: 'No {label} yet',
      hint: 'Records appear here as soon as they are added.',
      noMatches: 'No {label} match these filters',
      clearFilters: 'Clear filters',
    },
    loadFailed,
    recordChanged,
    bulkDelete,
    bulkStatus,
    form: { createTitle: 'New {label}', listHelp: 'Press Enter after each value' },
    panel: { add: 'Add {label}', edit: 'Edit {label}', close: 'Close panel' },
    common: { cancel: 'Cancel' },
  },
  /** The portal (portal/): texts under portal/i18n/sections/. */
  portal,
  /** Talent: candidate profiles in the console and on the candidate's own page. */
  talent,
  ...talentErrors,
  /** Candidate search and lookup autocompletes. */
  search,
  ...searchErrors,
  /** Bulk imports of candidates from the console. */
  imports,
  /** Field, item and choice labels of every entity (the schema holds only their keys). */
  entities: entityLabels,
  notifications,
  /** Saved-search alerts. */
  alerts,
  ...alertFieldErrors,
  chat,
  /** react-admin's own texts, read by the console through ra-i18n-polyglot. */
  ra,
  /** Credits, plans and payments. */
  credits,
  ...creditFieldErrors,
  /** Projects: plans, sharing, job descriptions (the pipeline's messages join `project` beside them). */
  project: { ...projectMessages, ...interviewProjectMessages, ...pipelineProjectMessages },
  ...pipelineMessages,
  ...projectFieldErrors,
  ...interviewFieldErrors,
  ...dashboardFieldErrors,
  /** Applicant-tracking-system integrations. */
  integrations,
  ...integrationFieldErrors,
  /** AI match. */
  aiMatch,
  ...aiMatchFieldErrors,
  ...consentFieldErrors,
  ...dataRightsFieldErrors,
  ...dataExportFieldErrors,
  /** Duplicate profiles and their merge. */
  duplicates,
  ...duplicateFieldErrors,
} as const;
