/**
 * The icons a tag may wear: a fixed set of Material icon names (the console draws each with its
 * @mui/icons-material component). The API refuses any other name at the field.
 */
export const TAG_ICONS = [
  'star',
  'verified',
  'whatshot',
  'bolt',
  'rocket',
  'emoji_events',
  'trending_up',
  'lightbulb',
  'psychology',
  'insights',
  'groups',
  'handshake',
  'diversity',
  'share',
  'record',
  'translate',
  'language',
  'public',
  'flight',
  'home',
  'apartment',
  'work',
  'workspace',
  'engineering',
  'code',
  'cloud',
  'science',
  'health',
  'payments',
  'shopping',
  'palette',
  'shield',
  'badge',
  'school',
  'description',
  'schedule',
  'replay',
  'favorite',
  'archive',
] as const;

export type TagIcon = (typeof TAG_ICONS)[number];

/** Matches exactly one of TAG_ICONS. */
export const TAG_ICON_PATTERN = new RegExp(`^(?:${TAG_ICONS.join('|')})$`);

export const isTagIcon = (value: unknown): value is TagIcon =>
  typeof value === 'string' && (TAG_ICONS as readonly string[]).includes(value);
