/**
 * The pipeline's rules (spec section 4) as a table: every stage × every target × every role, with
 * the expected drops written out by hand from the spec, not computed by the rules under test.
 */
import { describe, expect, it } from 'vitest';
import { STAGES, type StageId } from '../../schema/rules/pipeline';
import {
  allowedTargets,
  canMove,
  canReject,
  canSkip,
  nextStage,
  seenTab,
  stageVisibleToRaas,
  tabsFor,
  upgradeOrGuarantee,
  type PipelineRole,
} from '../../schema/rules/stages';

const { open, qualify, shortlist, interviewing, interviewing2, offered, placed, rejected } = STAGES;
const ALL: StageId[] = [open, qualify, shortlist, interviewing, interviewing2, offered, placed, rejected];
const NAME: Record<number, string> = Object.fromEntries(Object.entries(STAGES).map(([k, v]) => [v, k]));

/** Where each role may drop a candidate of each stage (spec: next step, reject, admins' skip). */
const EXPECTED: Record<string, Record<number, StageId[]>> = {
  admin: {
    [open]: [qualify],
    [qualify]: [shortlist, interviewing, interviewing2, offered, placed, rejected],
    [shortlist]: [qualify, interviewing, interviewing2, offered, placed, rejected],
    [interviewing]: [qualify, shortlist, interviewing2, offered, placed, rejected],
    [interviewing2]: [qualify, shortlist, interviewing, offered, placed, rejected],
    [offered]: [qualify, shortlist, interviewing, interviewing2, placed, rejected],
    [placed]: [qualify, shortlist, interviewing, interviewing2, offered],
    [rejected]: [],
  },
  'admin, semi-active candidate': {
    [open]: [qualify],
    [qualify]: [shortlist],
    [shortlist]: [interviewing],
    [interviewing]: [interviewing2],
    [interviewing2]: [offered],
    [offered]: [placed],
    [placed]: [],
    [rejected]: [],
  },
  company: {
    [open]: [qualify],
    [qualify]: [shortlist, rejected],
    [shortlist]: [interviewing, rejected],
    [interviewing]: [interviewing2, rejected],
    [interviewing2]: [offered, rejected],
    [offered]: [placed, rejected],
    [placed]: [],
    [rejected]: [],
  },
  'RaaS company, no interview scheduled': {
    [open]: [],
    [qualify]: [],
    [shortlist]: [interviewing, rejected],
    [interviewing]: [interviewing2, rejected],
    [interviewing2]: [],
    [offered]: [],
    [placed]: [],
    [rejected]: [],
  },
  'RaaS company, interview scheduled': {
    [open]: [],
    [qualify]: [],
    [shortlist]: [interviewing, rejected],
    [interviewing]: [interviewing2, rejected],
    [interviewing2]: [offered, rejected],
    [offered]: [placed, rejected],
    [placed]: [],
    [rejected]: [],
  },
};

const CASES: [string, PipelineRole, { semiActive?: boolean; interviewScheduled?: boolean }][] = [
  ['admin', 'admin', {}],
  ['admin, semi-active candidate', 'admin', { semiActive: true }],
  ['company', 'company', {}],
  ['RaaS company, no interview scheduled', 'raasCompany', {}],
  ['RaaS company, interview scheduled', 'raasCompany', { interviewScheduled: true }],
];

describe('Moving a candidate between stages', () => {
  for (const [label, role, context] of CASES) {
    for (const from of ALL) {
      for (const to of ALL) {
        const allowed = EXPECTED[label][from].includes(to);
        it(`${label}: ${NAME[from]} → ${NAME[to]} is ${allowed ? 'allowed' : 'refused'}`, () => {
          expect(canMove(from, to, role, context).ok).toBe(allowed);
        });
      }
      it(`${label}: the board offers exactly the allowed drops from ${NAME[from]}`, () => {
        expect(allowedTargets(from, role, context).sort()).toEqual([...EXPECTED[label][from]].sort());
      });
    }
  }

  it('names the kind of move: the next step, a reject or a skip', () => {
    expect(canMove(shortlist, interviewing, 'company')).toEqual({ ok: true, kind: 'move' });
    expect(canMove(shortlist, rejected, 'company')).toEqual({ ok: true, kind: 'reject' });
    expect(canMove(shortlist, placed, 'admin')).toEqual({ ok: true, kind: 'skip' });
    expect(canMove(shortlist, placed, 'company')).toEqual({ ok: false, reason: 'notAllowed' });
  });
});

describe('The next step', () => {
  it('follows open, qualify, shortlist, interviewing, interviewing2, offered, placed', () => {
    const chain: (StageId | null)[] = [];
    for (let s: StageId | null = open; s !== null; s = nextStage(s)) chain.push(s);
    expect(chain).toEqual([open, qualify, shortlist, interviewing, interviewing2, offered, placed]);
  });
  it('has none after placed or rejected', () => {
    expect(nextStage(placed)).toBeNull();
    expect(nextStage(rejected)).toBeNull();
  });
  it('is qualify when the stage is missing and the flag is set, none otherwise', () => {
    expect(nextStage(undefined, { flag: true })).toBe(qualify);
    expect(nextStage(null, { flag: true })).toBe(qualify);
    expect(nextStage(undefined)).toBeNull();
  });
});

describe('Reject and skip on their own', () => {
  const rejectable: StageId[] = [qualify, shortlist, interviewing, interviewing2, offered];
  for (const stage of ALL) {
    it(`reject from ${NAME[stage]} is ${rejectable.includes(stage) ? 'allowed' : 'refused'}, and never for a semi-active candidate`, () => {
      expect(canReject(stage)).toBe(rejectable.includes(stage));
      expect(canReject(stage, true)).toBe(false);
    });
  }
  it('skip is for admins only, never to open or rejected, never from open or rejected', () => {
    expect(canSkip(qualify, placed, 'admin')).toBe(true);
    expect(canSkip(qualify, placed, 'company')).toBe(false);
    expect(canSkip(qualify, placed, 'raasCompany')).toBe(false);
    expect(canSkip(offered, open, 'admin')).toBe(false);
    expect(canSkip(offered, rejected, 'admin')).toBe(false);
    expect(canSkip(rejected, shortlist, 'admin')).toBe(false);
    expect(canSkip(open, shortlist, 'admin')).toBe(false);
    expect(canSkip(qualify, placed, 'admin', true)).toBe(false);
  });
});

describe('Upgrade and guarantee prompts', () => {
  const raasFree = { projectType: 2, plan: 1 };
  const raasPower = { projectType: 2, plan: 2 };
  const normal = { projectType: 1, plan: 1 };
  const table: [string, { projectType: number; plan: number }, StageId, boolean, 'upgrade' | 'guarantee' | null][] = [
    ['RaaS free to qualify', raasFree, qualify, false, null],
    ['RaaS free to shortlist', raasFree, shortlist, false, null],
    ['RaaS free to interviewing', raasFree, interviewing, false, 'upgrade'],
    ['RaaS free to interviewing2', raasFree, interviewing2, false, 'upgrade'],
    ['RaaS free to offered', raasFree, offered, false, 'upgrade'],
    ['RaaS free to placed', raasFree, placed, true, 'upgrade'],
    ['RaaS free to rejected', raasFree, rejected, false, null],
    ['power to interviewing', raasPower, interviewing, false, null],
    ['power to offered, not guaranteed', raasPower, offered, false, 'guarantee'],
    ['power to placed, not guaranteed', raasPower, placed, false, 'guarantee'],
    ['power to offered, guaranteed', raasPower, offered, true, null],
    ['power to rejected', raasPower, rejected, false, null],
    ['a normal project to placed', normal, placed, false, null],
  ];
  for (const [label, project, to, guaranteed, expected] of table) {
    it(`${label}: ${expected ?? 'moves'}`, () => expect(upgradeOrGuarantee(project, to, guaranteed)).toBe(expected));
  }
});

describe('What a RaaS company sees', () => {
  it('sees shortlist, interviewing and rejected fully', () => {
    for (const s of [shortlist, interviewing, rejected])
      expect(stageVisibleToRaas(s, { interviewScheduled: false })).toBe(true);
  });
  it('sees interviewing2, offered and placed only once an interview is scheduled', () => {
    for (const s of [interviewing2, offered, placed]) {
      expect(stageVisibleToRaas(s, { interviewScheduled: false })).toBe(false);
      expect(stageVisibleToRaas(s, { interviewScheduled: true })).toBe(true);
    }
  });
  it('does not see the suggested and longlist tabs; admins and companies see every tab', () => {
    expect(tabsFor('raasCompany')).toEqual([shortlist, interviewing, interviewing2, offered, placed, rejected]);
    expect(tabsFor('admin')).toEqual([
      open,
      qualify,
      shortlist,
      interviewing,
      interviewing2,
      offered,
      placed,
      rejected,
    ]);
    expect(tabsFor('company')).toEqual(tabsFor('admin'));
  });
  it('marks candidates seen in the suggested tab and the shortlist only', () => {
    expect(ALL.filter(seenTab)).toEqual([open, shortlist]);
  });
});
