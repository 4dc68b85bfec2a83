import type { EnumChoice, FieldDef } from './types';

type Options = Omit<FieldDef, 'kind'>;

function field(kind: FieldDef['kind'], options: Options = {}): FieldDef {
  return { sortable: true, filterable: true, ...options, kind };
}

function titleCase(key: string): string {
  const spaced = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]/g, ' ');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/**
 * Email shape used everywhere a person's address is taken. No `?`, `&`, `#` or `%` anywhere, nor a URL's separators in
 * the domain: in a `mailto:` link they would add recipients, a subject or a body of the writer's choosing. The domain
 * is labels between dots, so the check takes time in proportion to the text, however long and hostile.
 */
export const EMAIL_PATTERN =
  /^[^\s@?&#%]+@[^\s@?&#%=/\\:;,"<>()[\].]+(?:\.[^\s@?&#%=/\\:;,"<>()[\].]+)*\.[^\s@?&#%=/\\:;,"<>()[\].]{2,}$/;

/** A `mailto:` link to `email`, each side of the @ percent-encoded: an address never reads as a link's parameters. */
export const mailtoHref = (email: string): string => `mailto:${email.split('@').map(encodeURIComponent).join('@')}`;
/** Optional plus, three digits (optionally in brackets), separator, three digits, separator, four to nine digits. */
export const PHONE_PATTERN = /^\+?(\(\d{3}\)|\d{3})[\s.-]?\d{3}[\s.-]?\d{4,9}$/;
/**
 * A profile picture is one our storage served (`/uploads/profile-pics/<yyyy-mm>/<32 hex>.<ext>`, set
 * by the account's picture upload), never an outside address: a foreign URL in a teammate's list
 * would be a tracking pixel.
 */
export const PROFILE_PIC_PATTERN = /^\/uploads\/profile-pics\/\d{4}-\d{2}\/[0-9a-f]{32}\.(png|jpg|webp)$/;

function choicesOf(values: Record<string, number>, labels?: Record<string, string>): EnumChoice[] {
  return Object.entries(values).map(([key, id]) => ({ id, key, label: labels?.[key] ?? titleCase(key) }));
}

/** Field builders: `f.string({ required: true })`, `f.enum({ active: 1, inactive: 0 })`, ... */
export const f = {
  string: (o: Options = {}) => field('string', { max: 255, ...o }),
  text: (o: Options = {}) => field('text', { max: 20000, sortable: false, ...o }),
  email: (o: Options = {}) => field('email', { max: 254, ...o }),
  phone: (o: Options = {}) => field('phone', { max: 32, ...o }),
  url: (o: Options = {}) => field('url', { max: 2048, normaliseHttps: true, ...o }),
  integer: (o: Options = {}) => field('integer', o),
  decimal: (o: Options = {}) => field('decimal', { precision: [14, 2], ...o }),
  boolean: (o: Options = {}) => field('boolean', o),
  date: (o: Options = {}) => field('date', o),
  datetime: (o: Options = {}) => field('datetime', o),
  json: (o: Options = {}) => field('json', { sortable: false, filterable: false, ...o }),
  stringList: (o: Options = {}) => field('stringList', { sortable: false, default: [], ...o }),
  /** A reference to one row of another entity (a foreign key). */
  ref: (entity: string, o: Options = {}) => field('ref', { ref: entity, index: true, ...o }),
  /** A list of references to another entity, stored as an integer array. */
  refList: (entity: string, o: Options = {}) => field('refList', { ref: entity, sortable: false, default: [], ...o }),
  /** A server-side secret such as a hash: never read from or sent to a client. */
  secret: (o: Options = {}) =>
    field('secret', { hidden: true, readOnly: true, sortable: false, filterable: false, ...o }),
  /** Numeric enum; `labels` override the labels derived from the keys. */
  enum: (values: Record<string, number>, o: Options & { labels?: Record<string, string> } = {}) => {
    const { labels, ...rest } = o;
    return field('enum', { ...rest, choices: choicesOf(values, labels) });
  },
  /** Several ids of a numeric enum, stored as smallint[] without duplicates. */
  enumList: (values: Record<string, number>, o: Options & { labels?: Record<string, string> } = {}) => {
    const { labels, ...rest } = o;
    return field('enumList', { sortable: false, default: [], ...rest, choices: choicesOf(values, labels) });
  },
  /** One nested object whose keys are declared like entity fields; stored as jsonb. */
  object: (fields: Record<string, FieldDef>, o: Options = {}) =>
    field('object', { sortable: false, filterable: false, ...o, fields }),
  /** A list of nested objects whose keys are declared like entity fields; `min`/`max` count items. Stored as jsonb. */
  objectList: (fields: Record<string, FieldDef>, o: Options = {}) =>
    field('objectList', { sortable: false, filterable: false, default: [], ...o, fields }),
  /**
   * A profile picture: a path our storage served (PROFILE_PIC_PATTERN), written only by the
   * picture upload of the person's own account, never taken from a record's body.
   */
  picture: (o: Options = {}) =>
    field('string', {
      max: 1024,
      pattern: PROFILE_PIC_PATTERN,
      patternMessage: 'profilePic.errors.notUploaded',
      readOnly: true,
      sortable: false,
      ...o,
    }),
  /** A random UUID given by the database on insert (public, unguessable ids such as a profile guid). */
  guid: (o: Options = {}) =>
    field('string', { max: 36, readOnly: true, unique: true, dbDefault: 'uuid', sortable: false, ...o }),
  /** A full-text vector the database keeps (by trigger or generated column); never read from or sent to a client. */
  tsvector: (o: Options = {}) =>
    field('text', {
      dbType: 'tsvector',
      hidden: true,
      readOnly: true,
      sortable: false,
      filterable: false,
      max: undefined,
      ...o,
    }),
  /** Whole numbers the database keeps (a denormalised list); never read from or sent to a client. */
  integerList: (o: Options = {}) =>
    field('stringList', {
      dbType: 'integer[]',
      hidden: true,
      readOnly: true,
      sortable: false,
      filterable: false,
      default: [],
      ...o,
    }),
  /** createdAt and updatedAt, kept by the server. */
  timestamps: () => ({
    createdAt: field('datetime', { readOnly: true, dbDefault: 'now', required: false, label: 'Created' }),
    updatedAt: field('datetime', { readOnly: true, dbDefault: 'now', required: false, label: 'Updated' }),
  }),
};
