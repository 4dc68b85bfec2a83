/**
 * The pure rules of search, table by table: the query string's fallbacks (spec section 5), who
 * sees which statuses and identities (spec sections 3 and 4), and how typed text is read.
 */
import { describe, expect, it } from 'vitest';
import { digits, parseSearchParams, range, sortOf } from './params';
import { parseUserText } from './text';
import { adminAnonymous, searchStatuses, seesContact, seesIdentity } from './visibility';
import type { Actor } from '../../../schema/roles';

describe('Fallbacks of the search query string', () => {
  it.each([
    [{}, 1, 25],
    [{ p: '0' }, 1, 25],
    [{ p: '-4' }, 1, 25],
    [{ p: '3' }, 3, 25],
    [{ p: 'x' }, 1, 25],
    [{ pp: '0' }, 1, 25],
    [{ pp: '-1' }, 1, 25],
    [{ pp: '10' }, 1, 10],
    [{ pp: '51' }, 1, 50],
    [{ pp: 'many' }, 1, 25],
  ])('%j pages as page %i of %i', (query, page, perPage) => {
    expect(parseSearchParams(query)).toMatchObject({ page, perPage });
  });

  it.each([
    [undefined, 'bestMatch'],
    ['recent', 'recentlyAdded'],
    ['recentlyAdded', 'recentlyAdded'],
    ['best', 'bestMatch'],
    ['rubbish', 'bestMatch'],
  ])('sort %s is %s', (sort, expected) => {
    expect(sortOf(sort)).toBe(expected);
  });

  it.each([
    ['5000', 5000],
    ['5,000', 5000],
    ['abc', 0],
    ['-5', 0],
    ['1e5', 0],
    ['', undefined],
    [undefined, undefined],
  ])('digits(%j) is %j', (raw, expected) => {
    expect(digits(raw)).toBe(expected);
  });

  it.each([
    [undefined, undefined, undefined],
    [0, undefined, undefined],
    [1000, undefined, { from: 1000, to: undefined }],
    [undefined, 5000, { from: 0, to: 5000 }],
    [6000, 5000, undefined],
    [100, 100_000, { from: 100, to: undefined }],
    [999_999_999_999, undefined, { from: 100_000, to: undefined }],
    [250_000, 300_000, { from: 100_000, to: undefined }],
  ])('a range from %j to %j is %j', (from, to, expected) => {
    expect(range(from, to, 100_000)).toEqual(expected);
  });

  it('takes repeated keys and comma lists, and notes admin-only keys', () => {
    expect(parseSearchParams({ s: ['1', '2,3'], ns: 'chl', cs: '0' })).toMatchObject({
      values: { s: ['1', '2', '3'] },
      ns: 'chl',
      adminKeys: ['ns', 'cs'],
    });
  });
});

describe('Who finds whom, and sees what', () => {
  const company: Actor = { role: 'company', id: 1, companyId: 1, subRole: 'member' };
  const admin: Actor = { role: 'admin', id: 1, adminType: 'general' };
  it.each([
    [company, [1]],
    [admin, [1, 3]],
    [{ role: 'raasCompany', id: 1, companyId: 2 } as Actor, []],
    [{ role: 'candidate', id: 1 } as Actor, []],
    [{ role: 'guest' } as Actor, []],
  ])('%j finds statuses %j', (actor, statuses) => {
    expect(searchStatuses(actor)).toEqual(statuses);
  });

  it.each([
    [company, true, false, true, false],
    [company, false, false, false, false],
    [company, true, true, false, false],
    [company, null, null, true, false],
    [admin, true, false, true, false],
    [admin, false, false, true, true],
    [admin, true, true, true, true],
  ])(
    '%j, visible %j, anonymous %j: sees identity %j, admin-anonymous %j',
    (actor, visibility, anonymous, sees, flagged) => {
      const c = { visibility, anonymous, firstName: 'Dev', lastName: 'Patel' };
      expect(seesIdentity(actor, c)).toBe(sees);
      expect(adminAnonymous(actor, c)).toBe(flagged);
    },
  );

  it('Admin-anonymous needs a name to hide', () => {
    expect(adminAnonymous(admin, { visibility: false, anonymous: false, firstName: null, lastName: ' ' })).toBe(false);
    expect(seesContact(admin)).toBe(true);
    expect(seesContact(company)).toBe(false);
  });
});

describe('Reading typed text', () => {
  it.each([
    ['senior engineer', [['senior', 'engineer*']]],
    ['senior engineer ', [['senior', 'engineer']]],
    ['"software engineer" react', [['"software engineer"', 'react*']]],
    ['engineer -java', [['engineer', '-java']]],
    ['grab OR maybank', [['grab'], ['maybank*']]],
    ['(python),', [['python*']]],
    ['c++ node.js', [['c++', 'node.js*']]],
  ])('%j reads as %j', (text, expected) => {
    const shown = parseUserText(text).map((clause) =>
      clause.map((t) => `${t.negated ? '-' : ''}${t.phrase ? `"${t.text}"` : t.text}${t.prefix ? '*' : ''}`),
    );
    expect(shown).toEqual(expected);
  });
});
