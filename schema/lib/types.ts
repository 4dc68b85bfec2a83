/**
 * The vocabulary of entity declarations. Everything the product derives from an
 * entity (table, model, validator, abilities, REST router, admin screens) reads
 * these types and nothing else.
 */

export type FieldKind =
  /** One line (a title, an employer, a name): line breaks and control characters are stored as one space. */
  | 'string'
  /** Text of several lines. */
  | 'text'
  | 'email'
  | 'phone'
  | 'url'
  | 'integer'
  | 'decimal'
  | 'boolean'
  | 'date'
  | 'datetime'
  | 'enum'
  | 'json'
  | 'stringList'
  | 'ref'
  | 'refList'
  | 'secret'
  /** A list of enum ids (e.g. employment types), stored as smallint[]. */
  | 'enumList'
  /** One nested object with its own declared fields, stored as jsonb. */
  | 'object'
  /** A list of nested objects with their own declared fields (e.g. skills with a star), stored as jsonb. */
  | 'objectList';

export interface EnumChoice {
  id: number;
  key: string;
  label: string;
}

export interface FieldDef {
  kind: FieldKind;
  /** Must be given on create and can never be cleared. */
  required?: boolean;
  /**
   * Optional in the schema (other flows create rows without it, or a later edit may empty it), but the entity's own
   * writes refuse a create from the console without it (a project's company and job description): the console's
   * create form marks it required.
   */
  requiredOnCreate?: boolean;
  /** Keep the column nullable even when required (rows other flows create partially, e.g. invited users). */
  nullable?: boolean;
  /** Value used on create when the field is absent; also the column default. */
  default?: unknown;
  /**
   * A database default expression: 'now' (the current time), 'uuid' (a random UUID) or
   * 'transactionId' (the id of the transaction writing the row, as a bigint).
   */
  dbDefault?: 'now' | 'uuid' | 'transactionId';
  unique?: boolean;
  index?: boolean;
  /** Length for text kinds, value for numbers, item count for lists. */
  min?: number;
  max?: number;
  pattern?: RegExp;
  /** Message key used when `pattern` does not match, e.g. 'tags.errors.identifierInvalid'. */
  patternMessage?: string;
  /** Message key used when a unique value already exists. */
  uniqueMessage?: string;
  /** Included in the `q` text search of lists. */
  searchable?: boolean;
  sortable?: boolean;
  filterable?: boolean;
  /** Managed by the server: never taken from a request. */
  readOnly?: boolean;
  /**
   * Given on create and never changed afterwards (a company user's company): the console's edit shows it locked, and
   * the entity's writes refuse a change (backend/features/team/companyUsers.ts).
   */
  fixed?: boolean;
  /** Never sent to a client. */
  hidden?: boolean;
  label?: string;
  choices?: EnumChoice[];
  /** Entity name a `ref` or `refList` points at. */
  ref?: string;
  /**
   * What deleting the referenced row does. A `ref` is a foreign key: 'restrict' (the default) refuses the delete
   * while a row names it. A `refList`, or an objectList item's `ref`, has no foreign key: the deleted id leaves the
   * list (backend/crud/refs.ts) unless it says 'restrict', which refuses the delete while any row names the id;
   * a list the record requires (`min`) is never left shorter, that delete is refused too.
   * 'keep' (a `ref` only): no foreign key, the id stays when its row is deleted (a log naming what a movement was
   * about, credit_logs.project_id); screens show the record while it exists and say it was deleted after.
   */
  onDelete?: 'cascade' | 'set null' | 'restrict' | 'keep';
  /** Decimal precision and scale. */
  precision?: [number, number];
  /**
   * How the console shows and takes the value: 'icon' names one of the tag icons (schema/rules/tagIcons.ts);
   * 'money' is an amount in the record's `currency` (else CREDIT_CURRENCY), written as formatMoney writes it;
   * 'plain' is a number that names rather than counts (a row's id, a year): written without thousands separators.
   */
  display?: 'icon' | 'money' | 'plain';
  /** Store text (and list items) in lower case. */
  lowercase?: boolean;
  /** Normalise http(s)-less links to https. */
  normaliseHttps?: boolean;
  /** The fields of an `object` or of each `objectList` item, validated like an entity's fields. */
  fields?: Record<string, FieldDef>;
  /**
   * A read-only `refList` kept in step with one key of an `objectList` (e.g. skill ids out of
   * skills [{skillId, isStar}]), so lists can be filtered and indexed in SQL.
   */
  derivedFrom?: { field: string; key: string };
  /**
   * The column's SQL type when it is not the kind's own: 'tsvector' for full-text vectors,
   * 'integer[]' for number lists the database maintains (read-only, never sent to a client) and
   * 'bigint' for whole numbers beyond an integer's range (transaction ids).
   */
  dbType?: 'tsvector' | 'integer[]' | 'bigint';
}

/** A value computed in SQL for every read, e.g. a count of related rows. `{table}` is replaced by the entity's table. */
export interface ComputedDef {
  kind: 'integer' | 'string' | 'datetime' | 'boolean';
  sql: string;
  label?: string;
  sortable?: boolean;
}

export type RoleKey = 'guest' | 'admin' | 'company' | 'raasCompany' | 'candidate' | 'community';
export type SubRole = 'owner' | 'admin' | 'member';
export type AdminType = 'general' | 'advocate';
/**
 * `download` guards files behind a record (CVs, generated PDFs); `search` finds records through the
 * search capability (its `fields` are the ones a role may filter by); `manage` covers every action.
 */
export type Action = 'read' | 'create' | 'update' | 'delete' | 'download' | 'search' | 'manage';

export interface RuleOptions {
  /** Named conditions from schema/roles.ts, all of which must hold. */
  when?: string | string[];
  /** Company sub-roles the rule applies to; all when absent. */
  subRoles?: SubRole[];
  /** Admin types the rule applies to; all when absent. */
  adminTypes?: AdminType[];
  /** Fields the rule covers (writes are trimmed to them). */
  fields?: string[];
}

export type Rule = true | RuleOptions | RuleOptions[];
export type RolePermissions = Partial<Record<Action, Rule>>;
export type Permissions = Partial<Record<RoleKey, RolePermissions>>;

export interface AdminHints {
  /** Menu label of the resource. */
  label?: string;
  /** Singular label used in titles. */
  recordLabel?: string;
  /** Field shown as the record's title and in reference pickers. */
  titleField?: string;
  list?: {
    columns: string[];
    /**
     * The fields a compact row (the list on a phone) shows under the record's name, in order, so each row can be told
     * apart without the table's columns; without it the row shows the status.
     */
    compact?: string[];
    sort?: [string, 'ASC' | 'DESC'];
    filters?: string[];
    /** Named list views such as 'pending' → { status: 0 }. */
    presets?: Record<string, Record<string, unknown>>;
    /** Form opens in a side panel beside the list instead of its own page. */
    asidePanel?: boolean;
    bulkStatus?: boolean;
  };
  edit?: { layout: string[][] };
  /**
   * Records of another entity listed on this one's show and edit screens (a company's users), each
   * linking to its own screen; `replaces` names a count the list makes redundant there.
   */
  related?: { entity: string; target: string; columns: string[]; sort?: [string, 'ASC' | 'DESC']; replaces?: string }[];
  /** Not shown in the console menu (lookups, internal tables). */
  hidden?: boolean;
  /** Console menu group. */
  group?: string;
  /**
   * Actions on this resource that live in the portal (credits are granted, changed and ordered there):
   * buttons on the console's list that open the portal page at `href`, labelled by the message `labelKey`.
   */
  portalActions?: { labelKey: string; href: string }[];
}

/** An index beyond plain b-trees on fields: GIN for lists and full-text vectors, trigram matching on text. */
export interface IndexDef {
  fields: string[];
  /** Default: 'gin' for list and full-text columns, 'btree' otherwise. */
  method?: 'btree' | 'gin';
  /** One row per combination of the fields (e.g. a candidate once per project). */
  unique?: boolean;
  /**
   * 'trigram': pg_trgm's operator class, so similarity (%, <%) and LIKE/ILIKE searches anywhere in
   * the text use the index (the extension is created by the migration that first needs it).
   */
  ops?: 'trigram';
  /**
   * Fields a b-tree also carries (INCLUDE), so that a scan in its order that reads and checks only
   * them never visits the table (an index-only scan).
   */
  include?: string[];
  /**
   * A partial index: it holds only the rows whose field has one of `in`'s values, or none of
   * `notIn`'s, or no value (`isNull`, e.g. the rows a job has still to handle). `label` names it (the table, the fields, then the label). The planner reads it for a
   * query that states the same condition plainly on that field.
   */
  where?: { field: string; label: string } & ({ in: number[] } | { notIn: number[] } | { isNull: true });
}

export interface ChildDef {
  /** The child entity's name. */
  entity: string;
  /** The child's ref field pointing at the parent. */
  foreignKey: string;
  /** Child fields (or computed values) and directions the list is returned in. */
  orderBy: [string, 'asc' | 'desc'][];
  max?: number;
}

export interface EntityDef {
  /** Singular camelCase name, e.g. 'companyUser'. */
  name: string;
  table: string;
  /** REST resource under /api/v1; entities without one have no generic routes. */
  resource?: string;
  /** CASL subject, PascalCase. */
  subject: string;
  /** Prefix the API puts before ids, e.g. 'Company:'. Plain numbers when absent. */
  idPrefix?: string;
  description?: string;
  fields: Record<string, FieldDef>;
  computed?: Record<string, ComputedDef>;
  /** Composite indexes (field names), or indexes of another method (IndexDef). */
  indexes?: (string[] | IndexDef)[];
  /**
   * Rows of another entity owned by this one (e.g. a candidate's experience), read with the
   * record and replaced as a whole when a write carries the list.
   */
  children?: Record<string, ChildDef>;
  permissions: Permissions;
  admin?: AdminHints;
  /**
   * A log that grows without end: a `bigserial` id and monthly range partitions on a timestamp
   * field, created ahead and dropped past their retention by the maintain_log_partitions job (the
   * primary key becomes the id with that field). Written by hand-made migrations: the generator
   * neither creates nor changes a partitioned table.
   */
  partitionedBy?: { field: string; interval: 'month' };
  /** 'bigserial' where rows can pass 2^31 over the product's life (events, logs); partitioned logs always are. */
  idType?: 'serial' | 'bigserial';
}
