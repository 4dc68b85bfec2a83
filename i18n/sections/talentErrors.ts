/**
 * The server's candidate message keys, at the catalogue's top level where '<field>.errors.<rule>'
 * keys are looked up.
 */
export const talentErrors = {
  firstName: {
    errors: {
      required: 'Enter the first name',
      tooLong: 'At most 80 characters',
      noLinks: 'Enter a name without links or email addresses',
    },
  },
  lastName: {
    errors: {
      required: 'Enter the last name',
      tooLong: 'At most 80 characters',
      noLinks: 'Enter a name without links or email addresses',
    },
  },
  jobTitle: { errors: { required: 'Enter the job title' } },
  linkedInUrl: {
    errors: { profilePath: 'Use a LinkedIn profile link (linkedin.com/in/…)', invalid: 'Enter a valid link' },
  },
  githubUrl: { errors: { notGithub: 'Use a GitHub link (github.com/…)', invalid: 'Enter a valid link' } },
  stackoverflowUrl: {
    errors: {
      notStackoverflow: 'Use a Stack Overflow profile link (stackoverflow.com/users/…)',
      invalid: 'Enter a valid link',
    },
  },
  dribbbleUrl: { errors: { notDribbble: 'Use a Dribbble link (dribbble.com/…)', invalid: 'Enter a valid link' } },
  portfolioUrl: { errors: { invalid: 'Enter a valid link' } },
  preferredLocations: {
    errors: {
      required: 'Add at least one preferred location',
      tooFew: 'Add at least one preferred location',
      tooMany: 'At most 10 preferred locations',
      duplicate: 'Each location only once',
    },
    locationId: { errors: { required: 'Choose a location', notFound: 'This location no longer exists' } },
  },
  jobTitleLookingFor: {
    errors: {
      required: 'Choose 1 to 5 job titles',
      tooFew: 'Choose at least one job title',
      tooMany: 'Choose at most 5 job titles',
    },
  },
  typeOfEmployment: {
    errors: { required: 'Choose at least one employment type', tooFew: 'Choose at least one employment type' },
  },
  expectedSalary: {
    errors: {
      required: 'Enter the expected minimum basic salary',
      tooBig: 'This salary is above the maximum we accept',
      tooSmall: 'A salary cannot be negative',
      notWholeNumber: 'Enter a whole amount',
      invalid: 'Enter digits only',
    },
  },
  currentSalary: {
    errors: {
      tooBig: 'This salary is above the maximum we accept',
      tooSmall: 'A salary cannot be negative',
      notWholeNumber: 'Enter a whole amount',
      invalid: 'Enter digits only',
    },
  },
  currency: {
    errors: {
      unsupported: 'Choose a listed currency',
      isoCode: 'Use the three-letter currency code, e.g. SGD',
      exists: 'This currency already has a rate',
    },
  },
  noticePeriod: {
    errors: { required: 'Choose a notice period' },
    type: { errors: { required: 'Choose a notice period' } },
    option: {
      errors: {
        invalid: 'Immediate has no option',
        months: 'Choose 1 to 12 months',
        date: 'Choose the start date',
        pastDate: 'The date cannot be in the past',
        required: 'Choose an option',
      },
    },
  },
  resumePath: { errors: { notUploaded: 'Upload the CV again' } },
  blindResumePath: { errors: { notUploaded: 'Upload the blind CV again' } },
  skills: {
    errors: {
      duplicate: 'Each skill only once',
      tooManyStarred: 'Highlight at most 5 skills',
      tooMany: 'At most 100 skills',
    },
    skillId: { errors: { required: 'Choose a skill', notFound: 'This skill no longer exists' } },
  },
  languages: {
    errors: { duplicate: 'Each language only once', tooMany: 'At most 30 languages' },
    languageId: { errors: { required: 'Choose a language', notFound: 'This language no longer exists' } },
    level: { errors: { required: 'Choose a level' } },
  },
  hkId: {
    errors: {
      requiredForHk: 'The HK ID is required for a special Hong Kong candidate',
      invalid: 'Use the HK ID format, e.g. A123456(7)',
    },
  },
  hkPassport: {
    errors: {
      requiredForHk: 'The passport number is required for a special Hong Kong candidate',
      invalid: 'Use 6 to 12 capital letters and digits',
    },
  },
  hkAddress: { errors: { tooShort: 'At least 5 characters' } },
  hkCity: { errors: { tooShort: 'At least 2 characters' } },
  hkZip: { errors: { tooShort: 'At least 3 characters' } },
  experiences: {
    errors: {
      tooMany: 'At most 50 experience entries',
      invalidJson: 'Not valid JSON: write the entries as a JSON list',
      invalid: 'Write the entries as a JSON list',
    },
    title: { errors: { required: 'Enter the job title' } },
    company: { errors: { required: 'Enter the company' } },
    startDate: {
      errors: {
        required: 'Choose the start month',
        tooEarly: 'Start from January 1950 or later',
        inFuture: 'The start cannot be in the future',
      },
    },
    endDate: {
      errors: {
        tooEarly: 'End from January 1950 or later',
        inFuture: 'The end cannot be in the future',
        beforeStart: 'The end is before the start',
      },
    },
    countryId: { errors: { notFound: 'This country no longer exists' } },
    industryId: { errors: { notFound: 'This industry no longer exists' } },
  },
  educations: {
    errors: {
      tooMany: 'At most 20 education entries',
      invalidJson: 'Not valid JSON: write the entries as a JSON list',
      invalid: 'Write the entries as a JSON list',
    },
    institute: { errors: { required: 'Enter the school' } },
    startYear: {
      errors: {
        inFuture: 'The start year cannot be in the future',
        tooSmall: 'From 1950',
        tooBig: 'Until 2100',
        invalid: 'Enter a year',
        notWholeNumber: 'Enter a year',
      },
    },
    endYear: {
      errors: {
        tooLate: 'At most 10 years ahead',
        beforeStart: 'The end is before the start',
        tooSmall: 'From 1950',
        tooBig: 'Until 2100',
        invalid: 'Enter a year',
        notWholeNumber: 'Enter a year',
      },
    },
  },
  candidates: {
    errors: {
      selfChosenStatus: 'Some candidates chose their own status',
      selfChosenStatusOne: 'The candidate chose this status themselves: confirm to override their choice',
      changedMeanwhile:
        'This profile was changed after you opened it. Reload it to see the current version, then make your change again.',
      required: 'Choose at least one candidate',
      tooMany: 'Choose at most 500 candidates',
      notFound: 'Some candidates no longer exist',
      invalid: 'Some candidates are not valid',
    },
  },
  candidate: {
    errors: {
      alreadyPaused: 'Your profile is already paused',
      alreadyActive: 'Your profile is already active',
      statusNotAllowed: 'Your profile status can only be changed by our team. Please contact us.',
    },
  },
  candidateId: { errors: { invalid: 'This candidate is not valid' } },
  cv: { errors: { notFound: 'There is no CV on file' } },
  downloadForbidden: 'You may not download this file',
};

/** A phone number's problems (schema/validation/phone.ts): 'countryCode' when a national number has no country to be read in. */
export const phoneErrors = {
  required: 'Enter the phone number',
  invalid: 'Enter a valid phone number',
  countryCode: 'Add the country code, e.g. +65 9123 4567',
};
