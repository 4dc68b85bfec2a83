import { defineEntity } from '../lib/define';
import { f } from '../lib/fields';

/**
 * A community user (role 5): signs up on our pages and is then sent to the external community site.
 * Kept apart from company users because they belong to no company and see none of the product.
 */
export const communityUser = defineEntity({
  name: 'communityUser',
  table: 'community_users',
  resource: 'community-users',
  subject: 'CommunityUser',
  idPrefix: 'Community:',
  fields: {
    firstName: f.string({ max: 80, searchable: true }),
    lastName: f.string({ max: 80, searchable: true }),
    email: f.email({ required: true, unique: true, searchable: true, uniqueMessage: 'email.errors.exists' }),
    // Pending (0) until the emailed link of a magic-link sign-up is opened.
    status: f.enum({ pending: 0, active: 1, inactive: 2 }, { required: true, default: 1, index: true }),
    signupMethod: f.enum(
      { traditionalEmail: 1, magicLink: 2, google: 3, linkedin: 4 },
      { required: true, default: 1, readOnly: true, labels: { linkedin: 'LinkedIn' } },
    ),
    emailConfirmedAt: f.datetime({ readOnly: true }),
    // When the person agreed to the terms on the sign-up form (spec section 5); set once, at creation.
    termsAcceptedAt: f.datetime({ readOnly: true }),
    lastActiveAt: f.datetime({ readOnly: true }),
    ...f.timestamps(),
  },
  computed: {
    name: { kind: 'string', sql: "trim(coalesce({table}.first_name, '') || ' ' || coalesce({table}.last_name, ''))" },
  },
  permissions: {
    admin: { read: true, update: { fields: ['firstName', 'lastName', 'status'] }, delete: true },
  },
  admin: {
    label: 'Community users',
    recordLabel: 'Community user',
    titleField: 'email',
    group: 'companies',
    list: {
      columns: ['name', 'email', 'status', 'signupMethod', 'lastActiveAt', 'createdAt'],
      sort: ['createdAt', 'DESC'],
      filters: ['q', 'status'],
      bulkStatus: true,
    },
    edit: {
      layout: [
        ['firstName', 'lastName'],
        ['email', 'status'],
      ],
    },
  },
});
