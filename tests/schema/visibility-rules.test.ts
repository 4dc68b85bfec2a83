/**
 * The reach-and-reveal rule against a table written by hand from the spec (sections 3, 4 and 6),
 * independent of schema/rules/visibility.ts: for each viewer, candidate state and the place the
 * viewer meets the candidate (a search, the suggested tab, a later stage, curated, revealed),
 * whether the viewer meets them at all, sees their name, sees their contact, and whether a move
 * out of the suggested tab reveals them.
 */
import { describe, expect, it } from 'vitest';
import { STAGES } from '../../schema/rules/pipeline';
import {
  linksShown,
  revealsOnMove,
  seesContact,
  seesIdentity,
  seesStatus,
  viewerOf,
  type PlaceFacts,
  type Viewer,
} from '../../schema/rules/visibility';

type Kind = 'public' | 'anonymous' | 'hidden';
type Where = 'search' | 'suggested' | 'suggested, curated' | 'longlist' | 'longlist, curated' | 'longlist, revealed';

const ACTIVE = 1;
const SEMI = 3;
const INACTIVE = 2;
const PENDING = 0;

const flags: Record<Kind, { visibility: boolean; anonymous: boolean }> = {
  public: { visibility: true, anonymous: false },
  anonymous: { visibility: true, anonymous: true },
  hidden: { visibility: false, anonymous: false },
};

const places: Record<Where, PlaceFacts | null> = {
  search: null,
  suggested: { stage: STAGES.open, curated: false, revealed: false },
  'suggested, curated': { stage: STAGES.open, curated: true, revealed: false },
  longlist: { stage: STAGES.qualify, curated: false, revealed: false },
  'longlist, curated': { stage: STAGES.qualify, curated: true, revealed: false },
  'longlist, revealed': { stage: STAGES.qualify, curated: false, revealed: true },
};

//  viewer          status   kind         where                  meets  name   contact reveals-on-move
const TABLE: [Viewer, number, Kind, Where, boolean, boolean, boolean, boolean | null][] = [
  // Admins: everything about active and semi-active candidates; never the others.
  ['admin', ACTIVE, 'public', 'search', true, true, true, null],
  ['admin', ACTIVE, 'hidden', 'search', true, true, true, null],
  ['admin', ACTIVE, 'anonymous', 'search', true, true, true, null],
  ['admin', SEMI, 'public', 'search', true, true, true, null],
  ['admin', SEMI, 'hidden', 'longlist', true, true, true, null],
  ['admin', INACTIVE, 'public', 'search', false, false, false, null],
  ['admin', PENDING, 'public', 'search', false, false, false, null],
  // Companies in search: names of public candidates only, contacts never.
  ['company', ACTIVE, 'public', 'search', true, true, false, null],
  ['company', ACTIVE, 'anonymous', 'search', true, false, false, null],
  ['company', ACTIVE, 'hidden', 'search', true, false, false, null],
  ['company', SEMI, 'public', 'search', false, false, false, null],
  ['company', INACTIVE, 'public', 'search', false, false, false, null],
  // Companies in the suggested tab: what search shows; leaving it reveals an anonymous candidate,
  // and a hidden one only when an admin curated them into the project.
  ['company', ACTIVE, 'public', 'suggested', true, true, false, false],
  ['company', ACTIVE, 'anonymous', 'suggested', true, false, false, true],
  ['company', ACTIVE, 'hidden', 'suggested', true, false, false, false],
  ['company', ACTIVE, 'hidden', 'suggested, curated', true, false, false, true],
  ['company', ACTIVE, 'anonymous', 'suggested, curated', true, false, false, true],
  // Companies past the suggested tab: name and contact once public or revealed.
  ['company', ACTIVE, 'public', 'longlist', true, true, true, false],
  ['company', ACTIVE, 'anonymous', 'longlist', true, false, false, true],
  ['company', ACTIVE, 'hidden', 'longlist', true, false, false, false],
  ['company', ACTIVE, 'hidden', 'longlist, curated', true, false, false, true],
  ['company', ACTIVE, 'anonymous', 'longlist, revealed', true, true, true, false],
  ['company', ACTIVE, 'hidden', 'longlist, revealed', true, true, true, false],
  ['company', SEMI, 'public', 'longlist', false, false, false, null],
  // RaaS companies: the same in projects.
  ['raasCompany', ACTIVE, 'public', 'longlist', true, true, true, false],
  ['raasCompany', ACTIVE, 'anonymous', 'suggested, curated', true, false, false, true],
  ['raasCompany', ACTIVE, 'hidden', 'suggested', true, false, false, false],
  ['raasCompany', ACTIVE, 'hidden', 'longlist, revealed', true, true, true, false],
  ['raasCompany', SEMI, 'public', 'longlist', false, false, false, null],
  // Anyone else meets nobody.
  ['none', ACTIVE, 'public', 'search', false, false, false, null],
  ['none', ACTIVE, 'public', 'longlist', false, false, false, false],
];

describe('Who sees which candidate, and what of them', () => {
  it.each(TABLE)(
    '%s, status %i, %s, met in %s: meets %s, name %s, contact %s, reveal on move %s',
    (viewer, status, kind, where, meets, name, contact, reveals) => {
      const c = { status, ...flags[kind], firstName: 'Sneha', lastName: 'Pratama' };
      const place = places[where];
      expect(seesStatus(viewer, c)).toBe(meets);
      expect(seesIdentity(viewer, c, place)).toBe(name);
      expect(seesContact(viewer, c, place)).toBe(contact);
      if (reveals !== null && place) expect(revealsOnMove(viewer, c, place, true)).toBe(reveals);
    },
  );

  it("Nothing is revealed on a move in an admins' own project (no company to reveal to)", () => {
    expect(revealsOnMove('admin', { status: ACTIVE, ...flags.anonymous }, places.suggested!, false)).toBe(false);
    expect(revealsOnMove('company', { status: ACTIVE, ...flags.hidden }, places['suggested, curated']!, false)).toBe(
      false,
    );
  });

  it('Roles map to viewers; candidates, community users and guests meet no candidate', () => {
    expect(viewerOf({ role: 'admin' })).toBe('admin');
    expect(viewerOf({ role: 'company' })).toBe('company');
    expect(viewerOf({ role: 'raasCompany' })).toBe('raasCompany');
    for (const role of ['candidate', 'community', 'guest'] as const) expect(viewerOf({ role })).toBe('none');
  });

  it('LinkedIn goes with the name; the other links go with the contact; no name, no links', () => {
    const links = {
      linkedIn: 'https://linkedin.com/in/a',
      github: 'https://github.com/a',
      stackoverflow: null,
      dribbble: null,
      portfolio: 'https://a.dev',
    };
    expect(linksShown(links, { identity: true, contact: true })).toEqual(links);
    expect(linksShown(links, { identity: true, contact: false })).toEqual({ linkedIn: 'https://linkedin.com/in/a' });
    expect(linksShown(links, { identity: false, contact: false })).toBeNull();
  });
});
