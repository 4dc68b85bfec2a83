import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { entities, type Action } from '../../schema';
import { abilityFor } from '../../schema/ability';
import { permissionTableSource, TABLE_FILE } from '../../scripts/portalPermissions';
import { actorOf, can, type Viewer } from './viewer';

describe("the portal's permission table", () => {
  it('is what the one ability answers today (else: npx tsx scripts/portalPermissions.ts)', () => {
    expect(readFileSync(TABLE_FILE, 'utf8')).toBe(permissionTableSource());
  });

  it('answers every action on every entity as the ability does, for every kind of viewer', () => {
    const viewers: Viewer[] = [
      { role: 'admin', subRole: 1 },
      { role: 'admin', subRole: 2 },
      ...(['company', 'raasCompany'] as const).flatMap((role) => [0, 1, 2, null].map((subRole) => ({ role, subRole }))),
      { role: 'candidate', subRole: null },
      { role: 'community', subRole: null },
    ];
    const actions: Action[] = ['read', 'create', 'update', 'delete', 'download', 'search', 'manage'];
    const differ: string[] = [];
    let allowed = 0;
    for (const viewer of viewers)
      for (const { subject } of entities)
        for (const action of actions) {
          const expected = abilityFor(actorOf(viewer)).can(action, subject);
          allowed += expected ? 1 : 0;
          if (can(viewer, action, subject) !== expected) differ.push(`${JSON.stringify(viewer)} ${action} ${subject}`);
        }
    expect(differ).toEqual([]);
    expect(allowed).toBeGreaterThan(0);
  });
});
