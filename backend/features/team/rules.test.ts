/** The team's rules as pure functions, table-driven: every route that changes people calls them. */
import { describe, expect, it } from 'vitest';
import { adminChangeRefusal, adminsRefusal, memberChangeRefusal, memberDeleteRefusal } from './rules';

describe('The team rules, as pure functions', () => {
  const admin = { platformAdmin: true };
  const olivia = { platformAdmin: false, selfId: 10 };
  const owner = { id: 4, role: 0, status: 1 };
  const member = { id: 11, role: 2, status: 1 };
  const pending = { id: 12, role: 2, status: 0 };

  it.each([
    ['an Admin-role user deactivating the Owner', olivia, owner, { status: 2 }, 'owner'],
    ['an Admin-role user demoting the Owner', olivia, owner, { role: 2 }, 'owner'],
    ['an Admin-role user making a member the Owner', olivia, member, { role: 0 }, 'notAllowed'],
    ['an Admin-role user deactivating themself', olivia, { id: 10, role: 1, status: 1 }, { status: 2 }, 'self'],
    ['an Admin-role user changing their own role', olivia, { id: 10, role: 1, status: 1 }, { role: 2 }, 'self'],
    ['anyone activating a pending invitee', admin, pending, { status: 1 }, 'pendingInvitation'],
    ['anyone sending an active user back to pending', admin, member, { status: 0 }, 'invalid'],
    ['a platform admin deactivating the Owner', admin, owner, { status: 2 }, undefined],
    ['an Admin-role user deactivating a member', olivia, member, { status: 2 }, undefined],
    ['anyone leaving things as they are, even on the Owner', olivia, owner, { status: 1, role: 0 }, undefined],
  ] as const)('%s: %s', (_what, by, target, change, refusal) => {
    expect(memberChangeRefusal(by, target, change)).toBe(refusal);
  });

  it.each([
    ['the Owner, even by a platform admin', admin, owner, 'ownerUndeletable'],
    ['oneself', olivia, { id: 10, role: 1, status: 1 }, 'selfUndeletable'],
    ['a member', olivia, member, undefined],
  ] as const)('Deleting %s: %s', (_what, by, target, refusal) => {
    expect(memberDeleteRefusal(by, target)).toBe(refusal);
  });

  it('An admin never deactivates themself, and one active General admin always remains', () => {
    expect(adminChangeRefusal(1, { id: 1, status: 1 }, { status: 0 })).toBe('self');
    expect(adminChangeRefusal(1, { id: 2, status: 1 }, { status: 0 })).toBeUndefined();
    expect(adminChangeRefusal(1, { id: 1, status: 1 }, { status: 1 })).toBeUndefined();
    expect(adminsRefusal(0)).toBe('lastGeneralAdmin');
    expect(adminsRefusal(1)).toBeUndefined();
  });
});
