/**
 * The project page below its header: stage tabs with live counts, filters, the list or the board,
 * the bulk bar, the candidate menu's dialogs and the profile panel with notes. Every move goes
 * through useMoveFlow, whether it starts from the menu, the bulk bar or a drop on the board. A bulk move, reject or
 * hide notes its candidates in the list's `LeavingNote`, so the focus, which was on the bulk bar that leaves with the
 * selection, goes to the next candidate listed (or the open tab) rather than to the page's body.
 */
import { lazy, useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { Alert } from '@mui/material';
import { OnDemand } from '../../components/OnDemand';
import { t } from '../../../i18n';
import { STAGES, type StageId } from '../../../schema/rules/pipeline';
import { isOpen } from '../../../schema/rules/plans';
import type { PipelineRole } from '../../../schema/rules/stages';
import { actionErrorMessage } from '../../../ui/api/errors';
import { pipelineApi, type PipelineDoc, type ProjectDetail, type StageStats } from '../../api/pipeline';
import { useNotify } from '../../app/notify';
import { useAddressState } from '../../components/useAddressState';
import { useHandler } from '../../components/useHandler';
import { usePanelParam } from '../../components/usePanelParam';
import { KnownInAts, KnownInAtsProvider } from '../integrations/KnownInAts';
import { AtsStatusLine, AtsStatusProvider } from './AtsStatus';
import { ProfilePanel } from '../search/ProfilePanel';
import { emptyMoveState, moveReducer, statsAfterMove } from './boardLogic';
import { BulkBar } from './BulkBar';
import { InterviewBulkActions } from '../interviews/BulkActions';
import { HideDialog } from './CandidateDialogs';
import type { MenuRequest } from './CandidateMenu';
import type { CandidateActionContext } from './candidateActionTypes';
import { MoveDialogs } from './MoveDialogs';
import { NotesSection } from './NotesSection';
import { PanelStage } from './PanelStage';
import { PipelineBody } from './PipelineBody';
import { LeavingNote } from './PipelineList';
import { PipelineToolbar } from './PipelineToolbar';
import { apiQuery, readPipeline, writePipeline, type PipelineUrlState } from './pipelineUrl';
import { StageTabs } from './StageTabs';
import { canReject, nextStage, SEMI_ACTIVE, seenTab, visibleStages } from './stageRules';
import { useMoveFlow } from './useMoveFlow';
import { usePipelineData } from './usePipelineData';
import { useLive } from '../../../ui/live/useLive';
import { useOpenedOnce } from '../../components/openedOnce';

// The open-projects list loads when it is first opened, not with the board.
const AddToProjectDialog = lazy(async () => ({
  default: (await import('../projects/AddToProjectDialog')).AddToProjectDialog,
}));

interface Props {
  project: ProjectDetail;
  role: PipelineRole;
  stats: StageStats | undefined;
  setStats(stats: StageStats): void;
  onProjectChanged(): void;
}

type HideRequest = { docs: PipelineDoc[]; unhide: boolean };

export function PipelineWorkspace({ project, role, stats, setStats, onProjectChanged }: Props) {
  const isAdmin = role === 'admin';
  // The server refuses every change to an inactive project's candidates (schema/rules/plans.ts isOpen): its board
  // is read-only, with a notice; the profiles still open.
  const readOnly = !isOpen(project.status);
  const notify = useNotify();
  const write = useCallback((next: PipelineUrlState) => writePipeline(next, isAdmin), [isAdmin]);
  const [url, go] = useAddressState(readPipeline, write);
  const stages = useMemo(() => visibleStages(role), [role]);
  const tab: StageId = url.tab !== undefined && stages.includes(url.tab) ? url.tab : stages[0];
  const query = useMemo(() => apiQuery(url, isAdmin).toString(), [url, isAdmin]);
  // The board loads every column whichever tab is chosen: a tab there only scrolls to its column.
  const { data, loading, error, reload, reloads } = usePipelineData(
    project.id,
    url.view,
    url.view === 'board' ? stages[0] : tab,
    stages,
    query,
  );
  // A teammate's move, note, reveal, a candidate's answer or change (a pause, a withdrawn consent, an edit) reloads what
  // is shown, the tab counts and the open profile with its notes (`reloads`).
  const projectNumber = Number(String(project.id).replace(/^\D+:/, ''));
  useLive((e) => e.topic === 'project' && e.subjectId === projectNumber, reload);
  const [state, dispatch] = useReducer(moveReducer<PipelineDoc>, undefined, emptyMoveState<PipelineDoc>);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  // The open profile is in the address (usePanelParam): Back closes it before it changes the tab.
  const [profileId, openProfile, closeProfile] = usePanelParam();
  const profileOf = profileId ? state.items.find((d) => d.id === profileId) : undefined;
  const [hiding, setHiding] = useState<HideRequest>();
  const [adding, setAdding] = useState<PipelineDoc>();
  const addingUsed = useOpenedOnce(!!adding);
  const [working, setWorking] = useState(false);
  // The candidates a move or hide in progress takes out of the list, for the focus to follow (PipelineList).
  const leaving = useRef<readonly string[]>([]);

  // A new answer goes into the board's state in the same render that receives it: no commit of the page with
  // the answer but without its cards, which would be thrown away at once.
  const [loaded, setLoaded] = useState<typeof data>();
  if (data && data !== loaded) {
    setLoaded(data);
    dispatch({ type: 'load', items: data.docs });
  }
  // The counts are the page's; it draws again only when they changed.
  const shownStats = useRef(stats);
  shownStats.current = stats;
  useEffect(() => {
    if (data?.stats && JSON.stringify(data.stats) !== JSON.stringify(shownStats.current)) setStats(data.stats);
  }, [data, setStats]);

  // Selection belongs to the tab it was made in.
  useEffect(() => setSelected(new Set()), [tab, url.view, query]);

  // Candidates shown in the suggested tab or the shortlist are marked seen, each once: a board drawn column by column
  // and then whole shows the same cards several times before its answer says they were seen.
  const markedSeen = useRef(new Set<string>());
  useEffect(() => {
    if (!data) return;
    const shown = url.view === 'board' ? stages.filter(seenTab) : seenTab(tab) ? [tab] : [];
    for (const stage of shown) {
      const keyOf = (id: string) => `${project.id}|${stage}|${id}`;
      const unseen = data.docs
        .filter((d) => d.recruitmentStatus === stage && !d.seen && !markedSeen.current.has(keyOf(d.id)))
        .map((d) => d.id);
      if (!unseen.length) continue;
      unseen.forEach((id) => markedSeen.current.add(keyOf(id)));
      // Not marked: asked again the next time they are shown.
      pipelineApi
        .seen(project.id, unseen, stage)
        .catch(() => unseen.forEach((id) => markedSeen.current.delete(keyOf(id))));
    }
  }, [data, url.view, tab, stages, project.id]);

  const flow = useMoveFlow({
    project,
    dispatch,
    items: state.items,
    notify,
    onProjectChanged,
    onRefused: reload,
    onMoved: (answer, request) => {
      if (stats && answer.stats) setStats(statsAfterMove(stats, answer.stats, request.from, request.docs.length));
      const moved = new Set(request.docs.map((d) => d.id));
      setSelected((s) => new Set([...s].filter((id) => !moved.has(id))));
      reload();
    },
  });

  // Stable while the address is, so the tabs (which measure the page after each of their renders) draw only when they change.
  const chooseTab = useCallback(
    (stage: StageId) => {
      go((now) => ({ ...now, tab: stage, search: { ...now.search, page: 1 } }));
      if (url.view === 'board')
        document
          .querySelector(`[data-testid="board-column"][data-stage="${stage}"]`)
          ?.scrollIntoView({ behavior: 'smooth', block: 'nearest', inline: 'start' });
    },
    [go, url],
  );

  const contextFor = useCallback(
    (doc: PipelineDoc): CandidateActionContext => ({
      doc,
      project,
      role,
      refresh: reload,
      projectChanged: onProjectChanged,
    }),
    [project, role, reload, onProjectChanged],
  );

  const setHidden = async ({ docs, unhide }: HideRequest) => {
    leaving.current = docs.map((d) => d.id);
    setWorking(true);
    try {
      // One request for the whole selection: the server hides every candidate or none.
      const ids = docs.map((d) => d.id);
      const { count } = await pipelineApi.hide(project.id, ids.length === 1 ? ids[0] : ids, !unhide);
      dispatch({ type: 'remove', ids });
      setSelected(new Set());
      notify(
        unhide
          ? t('portal.pipeline.done.unhidden')
          : docs.length > 1
            ? t('portal.pipeline.done.hiddenMany', { n: count })
            : t('portal.pipeline.done.hidden'),
        'success',
      );
      reload();
    } catch (err) {
      // Nothing was hidden: the selection stays, and no candidate leaves the list.
      leaving.current = [];
      notify(actionErrorMessage(err), 'error');
      reload();
    }
    setWorking(false);
    setHiding(undefined);
  };

  const toggleFavourite = async (doc: PipelineDoc) => {
    const favourite = !doc.isFavorited;
    dispatch({ type: 'patch', id: doc.id, changes: { isFavorited: favourite } });
    try {
      await pipelineApi.favourite(project.id, doc.id, favourite);
      notify(t(favourite ? 'portal.pipeline.done.favourited' : 'portal.pipeline.done.unfavourited'), 'success');
      if (!favourite && url.favourited) dispatch({ type: 'remove', ids: [doc.id] });
    } catch (err) {
      dispatch({ type: 'patch', id: doc.id, changes: { isFavorited: !favourite } });
      notify(actionErrorMessage(err), 'error');
    }
  };

  // Stable, so the list's rows draw again only when their own candidate changes.
  const onRequest = useHandler((request: MenuRequest) => {
    const { doc } = request;
    if (request.kind === 'profile') openProfile(doc.id);
    else if (request.kind === 'addToProject') setAdding(doc);
    else if (request.kind === 'favourite') void toggleFavourite(doc);
    else if (request.kind === 'hide') setHiding({ docs: [doc], unhide: doc.isHidden });
    else if (request.kind === 'move')
      flow.start({ docs: [doc], from: doc.recruitmentStatus, to: request.to, kind: request.move });
  });
  const onSelect = useCallback(
    (ids: string[], on: boolean) =>
      setSelected((s) => {
        const next = new Set(s);
        for (const id of ids)
          if (on) next.add(id);
          else next.delete(id);
        return next;
      }),
    [],
  );

  // The list shows the tab's candidates, and the ones moving out of it until the server answers.
  const listDocs = state.items.filter((d) => d.recruitmentStatus === tab || state.pending[d.id] === tab);
  const chosen = listDocs.filter((d) => selected.has(d.id) && state.pending[d.id] === undefined);
  const semi = chosen.some((d) => d.status === SEMI_ACTIVE);
  const bulkNext = tab === STAGES.rejected ? undefined : (nextStage(tab) ?? undefined);
  const bulkMove = (to: StageId, kind: 'move' | 'reject') => {
    leaving.current = chosen.map((d) => d.id);
    flow.start({ docs: chosen, from: tab, to, kind });
  };

  return (
    <KnownInAtsProvider projectId={project.id} docs={state.items} enabled={!isAdmin}>
      <AtsStatusProvider projectId={project.id} version={reloads} enabled={loaded !== undefined}>
        {readOnly && (
          <Alert severity="info" sx={{ mb: 2 }} data-testid="pipeline-read-only">
            {t('portal.pipeline.readOnly')}
          </Alert>
        )}
        <StageTabs stages={stages} value={tab} stats={stats} onChange={chooseTab} />
        <PipelineToolbar
          url={url}
          isAdmin={isAdmin}
          total={data?.totals[tab]}
          boardSuggested={stages.includes(STAGES.open)}
          onChange={go}
        />
        {url.view === 'list' && !readOnly && (
          <BulkBar
            count={chosen.length}
            next={bulkNext}
            canReject={canReject(tab, semi)}
            busy={working}
            onNext={() => bulkNext !== undefined && bulkMove(bulkNext, 'move')}
            onReject={() => bulkMove(STAGES.rejected, 'reject')}
            onHide={() => setHiding({ docs: chosen, unhide: false })}
            onClear={() => setSelected(new Set())}
            extra={
              <InterviewBulkActions
                project={project}
                candidateIds={chosen.map((d) => d.id)}
                role={role}
                busy={working}
                onProjectChanged={onProjectChanged}
                onSent={() => {
                  setSelected(new Set());
                  reload();
                }}
              />
            }
          />
        )}
        <LeavingNote.Provider value={leaving}>
          <PipelineBody
            url={url}
            tab={tab}
            stages={stages}
            role={role}
            data={data}
            loading={loading}
            error={error}
            reload={reload}
            readOnly={readOnly}
            listDocs={listDocs}
            boardDocs={state.items}
            pending={state.pending}
            selected={selected}
            onSelect={onSelect}
            contextFor={contextFor}
            onRequest={onRequest}
            onRefused={(reason) => notify(reason, 'warning')}
            onPage={(page) => go((now) => ({ ...now, search: { ...now.search, page } }))}
          />
        </LeavingNote.Provider>
        <MoveDialogs
          prompt={flow.prompt}
          busy={flow.busy}
          error={flow.promptError}
          fields={flow.promptFields}
          isRaas={role === 'raasCompany'}
          isAdmin={isAdmin}
          project={project}
          resolve={flow.resolve}
          cancel={() => {
            leaving.current = [];
            flow.cancel();
          }}
        />
        {hiding && (
          <HideDialog
            count={hiding.docs.length}
            unhide={hiding.unhide}
            busy={working}
            onConfirm={() => void setHidden(hiding)}
            onClose={() => setHiding(undefined)}
          />
        )}
        <OnDemand fallback={null}>
          {addingUsed && (
            <AddToProjectDialog
              candidate={adding ? { id: adding.id, name: adding.name } : undefined}
              onClose={() => setAdding(undefined)}
            />
          )}
        </OnDemand>
        <ProfilePanel
          id={profileId}
          projectId={String(project.id)}
          currency={url.search.currency}
          onClose={closeProfile}
          onReplaced={openProfile}
          version={reloads}
          notice={
            <>
              {profileId && <PanelStage id={profileId} doc={profileOf} />}
              {profileOf && (
                <>
                  <KnownInAts candidateId={profileOf.id} panel />
                  <AtsStatusLine doc={profileOf} />
                </>
              )}
            </>
          }
        >
          {profileId && (
            <NotesSection candidateId={profileId} projectId={project.id} isAdmin={isAdmin} version={reloads} />
          )}
        </ProfilePanel>
      </AtsStatusProvider>
    </KnownInAtsProvider>
  );
}
