/** Labels of the lookup entities: places, job titles, skills, languages, industries, citizenships, currency rates. */
export const lookupEntities = {
  country: {
    fields: {
      name: 'Name',
      aliases: 'Also known as',
      code: 'Code',
      dialCode: 'Dial code',
      createdAt: 'Created',
      updatedAt: 'Updated',
    },
  },
  city: {
    fields: {
      name: 'Name',
      aliases: 'Also known as',
      countryId: 'Country',
      code: 'Country code',
      dialCode: 'Dial code',
      createdAt: 'Created',
      updatedAt: 'Updated',
    },
  },
  jobTitle: {
    fields: {
      name: 'Name',
      aliases: 'Also known as',
      createdAt: 'Created',
      updatedAt: 'Updated',
    },
  },
  skill: {
    fields: {
      name: 'Name',
      aliases: 'Also known as',
      createdAt: 'Created',
      updatedAt: 'Updated',
    },
  },
  language: {
    fields: {
      name: 'Name',
      aliases: 'Also known as',
      code: 'Code',
      createdAt: 'Created',
      updatedAt: 'Updated',
    },
  },
  industry: {
    fields: {
      name: 'Name',
      aliases: 'Also known as',
      createdAt: 'Created',
      updatedAt: 'Updated',
    },
  },
  citizenship: {
    fields: {
      name: 'Name',
      aliases: 'Also known as',
      countryCode: 'Country code',
      createdAt: 'Created',
      updatedAt: 'Updated',
    },
  },
  currencyRate: {
    fields: {
      currency: 'Currency',
      toSgd: 'Value of one unit in SGD',
      createdAt: 'Created',
      updatedAt: 'Updated',
    },
  },
};
