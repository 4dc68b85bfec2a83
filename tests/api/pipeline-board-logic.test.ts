/**
 * The project page's side-free logic: candidates grouped into stage columns, optimistic moves that
 * settle or roll back, the counts after a move, note pages merged without duplicates, the board's
 * drop reasons, and the page's state in its URL.
 */
import { describe, expect, it } from 'vitest';
import { STAGES, type StageId } from '../../schema/rules/pipeline';
import type { StageStats } from '../../portal/api/pipeline';
import { menuPlan } from '../../portal/features/pipeline/candidateActions';
import {
  emptyMoveState,
  groupByStage,
  movedAt,
  moveReducer,
  statsAfterMove,
  type BoardItem,
  type MoveState,
} from '../../portal/features/pipeline/boardLogic';
import { initialNotes, mergeNotesPage, removeNote, upsertNote } from '../../portal/features/pipeline/notesLogic';
import { apiQuery, readPipeline, writePipeline } from '../../portal/features/pipeline/pipelineUrl';
import { checkDrop, skipTargets, visibleStages } from '../../portal/features/pipeline/stageRules';

const { open, qualify, shortlist, interviewing, interviewing2, offered, placed, rejected } = STAGES;
const item = (id: string, stage: StageId, at = '2026-01-01'): BoardItem => ({
  id,
  recruitmentStatus: stage,
  lastRecruitmentUpdatedAt: at,
});
const loaded = (...items: BoardItem[]): MoveState<BoardItem> =>
  moveReducer(emptyMoveState<BoardItem>(), { type: 'load', items });
const stageOf = (state: MoveState<BoardItem>, id: string) => state.items.find((i) => i.id === id)?.recruitmentStatus;

describe('Grouping candidates into board columns', () => {
  it('puts each candidate in the column of its stage, most recently moved first, and leaves out stages not shown', () => {
    const columns = groupByStage(
      [item('a', qualify, '2026-01-01'), item('b', qualify, '2026-03-01'), item('c', open), item('d', rejected)],
      [qualify, shortlist, open],
    );
    expect([...columns.keys()]).toEqual([qualify, shortlist, open]);
    expect(columns.get(qualify)?.map((i) => i.id)).toEqual(['b', 'a']);
    expect(columns.get(shortlist)).toEqual([]);
    expect(columns.get(open)?.map((i) => i.id)).toEqual(['c']);
    expect(columns.has(rejected)).toBe(false);
  });

  it('orders instants to the millisecond, newest first, with a candidate never moved last', () => {
    const never = { ...item('never', shortlist), lastRecruitmentUpdatedAt: null };
    const columns = groupByStage(
      [
        item('morning', shortlist, '2026-12-02T09:15:00.000Z'),
        never,
        item('later', shortlist, '2026-12-02T09:15:00.001Z'),
        item('lastYear', shortlist, '2025-12-31T23:59:59.999Z'),
      ],
      [shortlist],
    );
    expect(columns.get(shortlist)?.map((i) => i.id)).toEqual(['later', 'morning', 'lastYear', 'never']);
  });
});

describe('A move drawn where the server lists it', () => {
  it('breaks a tie of instants by the highest id, as the server does', () => {
    const at = '2026-12-02T09:15:00.000Z';
    const columns = groupByStage(
      [item('Candidate:9', shortlist, at), item('Candidate:120', shortlist, at), item('Candidate:15', shortlist, at)],
      [shortlist],
    );
    expect(columns.get(shortlist)?.map((i) => i.id)).toEqual(['Candidate:120', 'Candidate:15', 'Candidate:9']);
  });

  it('stamps a move after every move shown, however far behind this clock is', () => {
    const shown = [item('a', shortlist, '2026-12-02T09:15:00.000Z'), item('b', qualify, '2026-12-02T09:14:00.000Z')];
    expect(movedAt(shown, new Date('2026-12-02T09:05:00.000Z'))).toBe('2026-12-02T09:15:00.001Z');
    expect(movedAt(shown, new Date('2026-12-02T09:20:00.000Z'))).toBe('2026-12-02T09:20:00.000Z');
    let state = loaded(...shown);
    state = moveReducer(state, { type: 'move', ids: ['b'], to: shortlist, at: movedAt(shown) });
    expect(
      groupByStage(state.items, [shortlist])
        .get(shortlist)
        ?.map((i) => i.id),
    ).toEqual(['b', 'a']);
  });

  it('puts a refused move back in its place: its stage and its last move', () => {
    let state = loaded(item('a', qualify, '2026-01-02'), item('b', qualify, '2026-01-01'));
    state = moveReducer(state, { type: 'move', ids: ['b'], to: shortlist, at: '2026-02-01' });
    state = moveReducer(state, { type: 'rollback', ids: ['b'] });
    expect(
      groupByStage(state.items, [qualify])
        .get(qualify)
        ?.map((i) => i.id),
    ).toEqual(['a', 'b']);
    expect(state.items.find((i) => i.id === 'b')?.lastRecruitmentUpdatedAt).toBe('2026-01-01');
  });
});

describe('Optimistic moves', () => {
  it('show the move at once and keep it when the server confirms', () => {
    let state = moveReducer(loaded(item('a', qualify), item('b', qualify)), {
      type: 'move',
      ids: ['a'],
      to: shortlist,
    });
    expect(stageOf(state, 'a')).toBe(shortlist);
    expect(state.pending).toEqual({ a: qualify });
    state = moveReducer(state, { type: 'confirm', ids: ['a'] });
    expect(stageOf(state, 'a')).toBe(shortlist);
    expect(state.pending).toEqual({});
  });

  it('roll back to where each candidate came from when the server refuses', () => {
    let state = loaded(item('a', qualify), item('b', shortlist), item('c', qualify));
    state = moveReducer(state, { type: 'move', ids: ['a', 'b'], to: rejected });
    expect([stageOf(state, 'a'), stageOf(state, 'b')]).toEqual([rejected, rejected]);
    state = moveReducer(state, { type: 'rollback', ids: ['a', 'b'] });
    expect([stageOf(state, 'a'), stageOf(state, 'b'), stageOf(state, 'c')]).toEqual([qualify, shortlist, qualify]);
    expect(state.pending).toEqual({});
  });

  it('do not start a second move of a candidate whose first move is unanswered', () => {
    let state = moveReducer(loaded(item('a', qualify)), { type: 'move', ids: ['a'], to: shortlist });
    const again = moveReducer(state, { type: 'move', ids: ['a'], to: rejected });
    expect(again).toBe(state);
    state = moveReducer(state, { type: 'rollback', ids: ['a'] });
    expect(stageOf(state, 'a')).toBe(qualify);
  });

  it('keep a pending candidate where it was moved when the list reloads before the answer', () => {
    let state = moveReducer(loaded(item('a', qualify)), { type: 'move', ids: ['a'], to: shortlist });
    state = moveReducer(state, { type: 'load', items: [item('a', qualify), item('b', open)] });
    expect(stageOf(state, 'a')).toBe(shortlist);
    expect(state.items.map((i) => i.id)).toEqual(['a', 'b']);
  });

  it('patch one candidate and remove hidden ones', () => {
    let state = moveReducer(loaded(item('a', qualify), item('b', qualify)), {
      type: 'patch',
      id: 'a',
      changes: { lastRecruitmentUpdatedAt: 'x' },
    });
    expect(state.items[0].lastRecruitmentUpdatedAt).toBe('x');
    state = moveReducer(state, { type: 'remove', ids: ['a'] });
    expect(state.items.map((i) => i.id)).toEqual(['b']);
  });
});

describe('Stage counts after a move', () => {
  const before: StageStats = {
    open: 40,
    qualify: 2,
    shortlist: 1,
    interviewing: 0,
    interviewing2: 0,
    offered: 0,
    placed: 0,
    rejected: 0,
  };
  const answer: StageStats = { ...before, open: 37, qualify: 4 };
  it('take the server counts, and from the suggested tab drop its count by the number moved', () => {
    expect(statsAfterMove(before, answer, open, 2)).toEqual({ ...answer, open: 38 });
  });
  it('take the server counts as they are from the other tabs', () => {
    expect(statsAfterMove(before, { ...before, qualify: 1, shortlist: 2 }, qualify, 1)).toEqual({
      ...before,
      qualify: 1,
      shortlist: 2,
    });
  });
});

describe('Note pages', () => {
  const note = (key: string) => ({ key, note: key });
  const page = (from: number, n: number) => Array.from({ length: n }, (_, i) => note(`n${from + i}`));
  it('are appended until a page comes back short, dropping notes already held', () => {
    let state = mergeNotesPage(initialNotes<{ key: string; note: string }>(), page(0, 20));
    expect(state).toMatchObject({ page: 2, done: false });
    // A note written meanwhile pushes n19 onto the second page too.
    state = mergeNotesPage(state, [note('n19'), ...page(20, 4)]);
    expect(state.done).toBe(true);
    expect(state.notes.map((n) => n.key)).toEqual(page(0, 24).map((n) => n.key));
  });
  it('put a new note on top, replace an edited one in place and drop a deleted one', () => {
    let state = mergeNotesPage(initialNotes<{ key: string; note: string }>(), [note('a'), note('b')]);
    state = upsertNote(state, note('c'));
    state = upsertNote(state, { key: 'a', note: 'edited' });
    state = removeNote(state, 'b');
    expect(state.notes).toEqual([note('c'), { key: 'a', note: 'edited' }]);
  });
});

describe('Drops on the board', () => {
  const plain = { semiActive: false, interviewScheduled: false };
  it('allow the next stage and rejecting for a company, and name the reason for anything else', () => {
    expect(checkDrop(qualify, shortlist, 'company', plain)).toEqual({ ok: true, kind: 'move' });
    expect(checkDrop(shortlist, rejected, 'company', plain)).toEqual({ ok: true, kind: 'reject' });
    expect(checkDrop(qualify, offered, 'company', plain)).toEqual({
      ok: false,
      reason: 'portal.pipeline.refused.nextOnly',
    });
    expect(checkDrop(open, rejected, 'company', plain)).toEqual({
      ok: false,
      reason: 'portal.pipeline.refused.reject',
    });
    expect(checkDrop(rejected, qualify, 'admin', plain)).toEqual({
      ok: false,
      reason: 'portal.pipeline.refused.fromRejected',
    });
    expect(checkDrop(qualify, open, 'admin', plain)).toEqual({ ok: false, reason: 'portal.pipeline.refused.toOpen' });
    expect(checkDrop(qualify, rejected, 'company', { ...plain, semiActive: true })).toEqual({
      ok: false,
      reason: 'portal.pipeline.refused.semiActive',
    });
  });
  it('let admins skip to any later or earlier stage but open and rejected', () => {
    expect(checkDrop(qualify, placed, 'admin', plain)).toEqual({ ok: true, kind: 'skip' });
    expect(skipTargets(qualify, 'admin', false)).toEqual([interviewing, interviewing2, offered, placed]);
    expect(skipTargets(qualify, 'company', false)).toEqual([]);
  });
  it('show RaaS companies the tabs from shortlist on, and everyone else every tab', () => {
    expect(visibleStages('raasCompany')).toEqual([shortlist, interviewing, interviewing2, offered, placed, rejected]);
    expect(visibleStages('company')).toEqual([
      open,
      qualify,
      shortlist,
      interviewing,
      interviewing2,
      offered,
      placed,
      rejected,
    ]);
  });
});

describe('The page state in the URL', () => {
  it('keeps the tab, the board view, the project flags and the search filters, and sends only filters, flags and the page size to the API', () => {
    const params = new URLSearchParams('tab=2&view=board&ih=1&s=12,13&ts=react&p=2');
    const state = readPipeline(params);
    expect(state).toMatchObject({ tab: shortlist, view: 'board', hidden: true, favourited: false });
    expect(Object.fromEntries(writePipeline(state, false))).toEqual({
      tab: '2',
      view: 'board',
      ih: '1',
      s: '12,13',
      ts: 'react',
      p: '2',
    });
    // The page size is always sent: the API's own default (25) is not the list's (20).
    expect(Object.fromEntries(apiQuery(state, false))).toEqual({ ih: '1', s: '12,13', ts: 'react', p: '2', pp: '20' });
  });
  it('ignores a tab that is not a stage', () => {
    expect(readPipeline(new URLSearchParams('tab=9')).tab).toBeUndefined();
  });
});

describe('The candidate menu', () => {
  it('offers a company the next stage, reject, another project and the flags, but no skip, no edit and no download', () => {
    expect(menuPlan({ recruitmentStatus: qualify, status: 1 }, 'company')).toEqual({
      next: shortlist,
      skipTo: [],
      actions: ['profile', 'next', 'reject', 'addToProject', 'favourite', 'hide'],
    });
  });
  it('never offers a RaaS company another project', () => {
    expect(menuPlan({ recruitmentStatus: shortlist, status: 1 }, 'raasCompany').actions).not.toContain('addToProject');
  });
  it('offers admins the skip targets and the edit link, except for a semi-active candidate, who is neither skipped nor rejected', () => {
    const admin = menuPlan({ recruitmentStatus: shortlist, status: 1 }, 'admin');
    expect(admin.skipTo).toEqual([qualify, interviewing2, offered, placed]);
    expect(admin.actions).toEqual(expect.arrayContaining(['skip', 'reject', 'edit']));
    const semi = menuPlan({ recruitmentStatus: shortlist, status: 3 }, 'admin');
    expect(semi.skipTo).toEqual([]);
    expect(semi.actions).not.toContain('reject');
    expect(semi.next).toBe(interviewing);
  });
  it('offers no move at all for a rejected candidate, and no next step after placed', () => {
    const rejectedPlan = menuPlan({ recruitmentStatus: rejected, status: 1 }, 'admin');
    expect([rejectedPlan.next, rejectedPlan.skipTo, rejectedPlan.actions.includes('reject')]).toEqual([
      undefined,
      [],
      false,
    ]);
    expect(menuPlan({ recruitmentStatus: placed, status: 1 }, 'company').next).toBeUndefined();
  });
});
