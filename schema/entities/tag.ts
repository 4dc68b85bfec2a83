import { defineEntity } from '../lib/define';
import { f } from '../lib/fields';
import { TAG_ICON_PATTERN } from '../rules/tagIcons';

/**
 * What companies read of a tag: not how many candidates carry it. That count includes candidates hidden from them
 * (paused, hidden, the consent to be shown withdrawn); beside search's total for the tag it would count them.
 */
const COMPANY_FIELDS = ['name', 'description', 'identifier', 'icon', 'status', 'createdAt', 'updatedAt'];

/** A label admins put on candidates; companies filter search by it (the `bd` filter). */
export const tag = defineEntity({
  name: 'tag',
  table: 'tags',
  resource: 'tags',
  subject: 'Tag',
  idPrefix: 'Tags:',
  fields: {
    name: f.string({ required: true, max: 80, searchable: true }),
    description: f.text({ required: true, max: 2000 }),
    identifier: f.string({
      required: true,
      unique: true,
      max: 60,
      pattern: /^[a-z0-9]+$/,
      patternMessage: 'identifier.errors.lowerCaseAndDigits',
      uniqueMessage: 'tags.errors.identifierExists',
      searchable: true,
    }),
    // One of the fixed icon set, picked from the icons themselves in the console.
    icon: f.string({
      required: true,
      max: 80,
      pattern: TAG_ICON_PATTERN,
      patternMessage: 'tags.errors.icon',
      display: 'icon',
    }),
    status: f.enum({ inactive: 0, active: 1 }, { required: true, default: 1, index: true }),
    ...f.timestamps(),
  },
  computed: {
    // Kept exact by the search documents' refresh (candidate_tag_counts): one key lookup per row.
    noOfTagged: {
      kind: 'integer',
      sql: '(select coalesce(max(n.tagged), 0) from candidate_tag_counts n where n.tag_id = {table}.id)',
    },
  },
  permissions: {
    admin: { manage: true },
    company: { read: { when: 'isActive', fields: COMPANY_FIELDS } },
    raasCompany: { read: { when: 'isActive', fields: COMPANY_FIELDS } },
  },
  admin: {
    label: 'Tags',
    recordLabel: 'Tag',
    titleField: 'name',
    group: 'talent',
    list: {
      columns: ['name', 'identifier', 'icon', 'status', 'noOfTagged', 'createdAt'],
      sort: ['createdAt', 'DESC'],
      filters: ['q', 'status'],
      asidePanel: true,
      bulkStatus: true,
    },
    edit: { layout: [['name', 'identifier'], ['description'], ['icon', 'status']] },
  },
});
