/**
 * Writes portal/app/permissionTable.ts: what each kind of viewer may do on each subject, by the one ability
 * (schema/ability.ts) asked once for every role, sub-role or admin type, action and entity. The portal's route guards
 * and menus ask only such questions (an action on a kind of row, never a row), and the table answers them without the
 * schema and CASL, some 90 KB the opening script would otherwise parse. `npx tsx scripts/portalPermissions.ts` writes
 * it again after a permission changes; portal/app/permissionTable.test.ts fails while it differs from the ability.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { entities, type Action } from '../schema';
import { abilityFor } from '../schema/ability';
import type { Actor } from '../schema/roles';
import { CANDIDATE_DOWNLOADS } from '../schema/rules/downloads';

const ACTIONS: Action[] = ['read', 'create', 'update', 'delete', 'download', 'search', 'manage'];
const ACTORS: [string, Actor][] = [
  ['admin:general', { role: 'admin', adminType: 'general' }],
  ['admin:advocate', { role: 'admin', adminType: 'advocate' }],
  ...(['company', 'raasCompany'] as const).flatMap((role) =>
    (['owner', 'admin', 'member'] as const).map((subRole): [string, Actor] => [
      `${role}:${subRole}`,
      { role, subRole },
    ]),
  ),
  ['candidate', { role: 'candidate' }],
  ['community', { role: 'community' }],
];

/** The fields the portal asks a right on (`<action> <subject>.<field>`): the candidate's downloads, each by its field. */
const FIELD_QUESTIONS: [Action, string, string][] = Object.values(CANDIDATE_DOWNLOADS).map((field) => [
  'download',
  'Candidate',
  field,
]);

export const TABLE_FILE = path.resolve(import.meta.dirname, '../portal/app/permissionTable.ts');

/** The table's source text, as the file holds it. */
export function permissionTableSource(): string {
  const subjects = [...new Set(entities.map((e) => e.subject))].sort();
  const rows = ACTORS.map(([key, actor]) => {
    const ability = abilityFor(actor);
    const allowed = subjects.flatMap((subject) =>
      ACTIONS.filter((action) => ability.can(action, subject)).map((action) => `${action} ${subject}`),
    );
    for (const [action, subject, field] of FIELD_QUESTIONS)
      if (ability.can(action, subject, field)) allowed.push(`${action} ${subject}.${field}`);
    return `  '${key}': '${allowed.join(',')}',`;
  });
  return [
    '/**',
    ' * What each kind of viewer may do on each kind of row, by the one ability (schema/ability.ts), as',
    ' * `<action> <subject>` pairs, and `<action> <subject>.<field>` for the fields the portal asks about. Written by `npx tsx scripts/portalPermissions.ts`; do not edit by hand.',
    ' */',
    '// prettier-ignore',
    'export const PERMISSION_TABLE: Record<string, string> = {',
    ...rows,
    '};',
    '',
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) writeFileSync(TABLE_FILE, permissionTableSource());
