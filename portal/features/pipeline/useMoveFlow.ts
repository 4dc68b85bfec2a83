/**
 * Moving candidates between stages (spec section 4, "Moving a profile between tabs"): the reason
 * dialog for a reject, the schedule dialog for an interview, the upgrade and guarantee prompts and
 * the reveal confirmation come first (asked by the shared rules, and again whenever the server
 * refuses with one of them); then the move is shown at once and rolled back with the server's
 * message when refused. Several guarantees ask the balance again before the first charge (coversAll). A move says
 * the stage its candidates were seen in (`fromStage`): one someone else moved meanwhile is refused (movedMeanwhile),
 * and any refusal other than a prompt reloads the board (`onRefused`), so the card shows where the server has it. An
 * upgrade refused because a teammate upgraded meanwhile (this page's project was older) counts as done, as a guarantee
 * already taken does. The dialog the move was answered in stays open and pending while the move is sent and closes
 * only once it is done: a refusal that is not a prompt brings back the reason or schedule form with what was typed
 * (`draft`), the failure inside it and the server's field errors beside their fields (`promptFields`), except one saying
 * the move itself is out of date (`stale`: moved meanwhile, not allowed from where the candidate is now, gone, out of
 * reach), which closes the dialog with the notice while the board reloads.
 */
import { useCallback, useRef, useState, type Dispatch } from 'react';
import { t } from '../../../i18n';
import { chargeOutlook, fromHalves, PLAN_CHARGES, toHalves } from '../../../schema/rules/credits';
import { PROJECT_PLAN, STAGES, type StageId } from '../../../schema/rules/pipeline';
import { plansApply } from '../../../schema/rules/plans';
import { ApiError } from '../../../ui/api/client';
import { errorMessage, fieldKeys } from '../../../ui/api/errors';
import {
  pipelineApi,
  type MoveAnswer,
  type PipelineDoc,
  type ProjectDetail,
  type RejectData,
  type ScheduleData,
} from '../../api/pipeline';
import { projectsApi } from '../../api/projects';
import type { Notify } from '../../app/notify';
import { movedAt, type MoveAction } from './boardLogic';
import { rememberSchedule } from './scheduleMemory';
import { useAuth } from '../../app/auth/authContext';
import { stageLabel } from './stageKeys';
import { needsSchedule, upgradeOrGuarantee } from './stageRules';

export interface MoveRequest {
  docs: PipelineDoc[];
  from: StageId;
  to: StageId;
  kind: 'move' | 'skip' | 'reject';
  rejectFormData?: RejectData;
  scheduleFormData?: ScheduleData;
  confirmReveal?: boolean;
  /** The guarantee prompt was answered (or the server asked for no guarantee). */
  guaranteed?: boolean;
  /** The company chose to move without the optional guarantee. */
  withoutGuarantee?: boolean;
  /** The project was upgraded during this move. */
  upgraded?: boolean;
}

export type PromptKind = 'reject' | 'schedule' | 'reveal' | 'upgrade' | 'guarantee';

export interface Prompt {
  kind: PromptKind;
  request: MoveRequest;
  /** The candidates the server named (guarantee). */
  candidateIds?: string[];
  /** What was typed in the form of a refused move (reject, schedule), shown again. */
  draft?: { reject?: RejectData; schedule?: ScheduleData };
}

/**
 * The form to ask again after a move carrying one was refused with a message: its kind, the move without the answer
 * (sent again once the form is) and what was typed; none for a move without a form.
 */
function formAgain(request: MoveRequest): Prompt | undefined {
  if (request.scheduleFormData)
    return {
      kind: 'schedule',
      request: { ...request, scheduleFormData: undefined },
      draft: { schedule: request.scheduleFormData },
    };
  if (request.rejectFormData)
    return {
      kind: 'reject',
      request: { ...request, rejectFormData: undefined },
      draft: { reject: request.rejectFormData },
    };
  return undefined;
}

/**
 * A refusal no answer to the form can overcome, since the move itself is out of date: the candidate moved meanwhile or
 * the rules refuse the move from where they are now (409), left the project (404) or out of the caller's reach (403).
 * The dialog closes with the notice and the board reloads; sending the same move again would be refused forever.
 */
const stale = (err: unknown) => err instanceof ApiError && [403, 404, 409].includes(err.status);

export const REFUSALS = {
  upgrade: 'project.recruitment.errors.upgradeRequired',
  guarantee: 'project.recruitment.errors.guaranteeRequired',
  reveal: 'project.recruitment.errors.revealRequired',
} as const;

const ALREADY_GUARANTEED = 'project.errors.alreadyGuaranteed';
/** A teammate upgraded the project meanwhile: the upgrade the prompt asked for is done. */
const ALREADY_POWER = 'project.errors.alreadyPower';

/**
 * Whether moving the candidate on reveals them to the project's company: the server's answer on the card (docs.ts
 * `revealsOnMove`, the rule the move applies), which warns an admin too, who sees every name; a card without it by
 * what it shows (an anonymous candidate not revealed yet).
 */
export const revealsToCompany = (d: PipelineDoc): boolean => d.revealsOnMove ?? (d.anonymous && !d.revealed);

/** Whether the candidate stays anonymous to the company through the move (hidden, and not the platform's curation). */
export const staysAnonymous = (d: PipelineDoc): boolean => d.anonymous && !d.revealed && d.revealsOnMove === false;

const idsOf = (docs: PipelineDoc[]) => docs.map((d) => d.id);

/** A prompt's failure in words; not enough credits names the price and the balance the server sent. */
function promptFailure(err: unknown): string {
  if (err instanceof ApiError && err.code === 'credits.errors.insufficient') {
    const { needed, balance } = (err.body?.error ?? {}) as { needed?: number; balance?: number };
    if (needed !== undefined && balance !== undefined) return t(err.code, { needed, balance });
  }
  return errorMessage(err);
}

/**
 * Several guarantees are charged one by one, so the balance is asked first: when it does not cover them all (and no
 * trial or included plan makes them free) nothing is charged and the refusal names the total and the balance.
 */
async function coversAll(project: ProjectDetail, count: number): Promise<string | undefined> {
  if (count < 2 || !plansApply(project)) return undefined;
  const status = await projectsApi.raasStatus(project.company?.id);
  const needed = fromHalves(toHalves(PLAN_CHARGES.guarantee) * count);
  if (chargeOutlook(needed, status) !== 'short') return undefined;
  return t('credits.errors.insufficient', { needed, balance: status.balance });
}

/** The candidate ids a refusal names (`extra.candidateIds`, spread into the envelope). */
function namedIds(err: ApiError): string[] | undefined {
  const ids = (err.body?.error as { candidateIds?: unknown } | undefined)?.candidateIds;
  return Array.isArray(ids) ? ids.map(String) : undefined;
}

/**
 * Guarantees each of `ids` in turn, stopping at the first refusal; one already guaranteed (by a try that stopped
 * half-way, or elsewhere) counts as done. Returns those done, and the refusal that stopped it.
 */
async function guaranteeEach(projectId: string, ids: string[]): Promise<{ done: string[]; error?: unknown }> {
  const done: string[] = [];
  for (const id of ids) {
    try {
      await pipelineApi.guarantee(projectId, id);
    } catch (err) {
      if (!(err instanceof ApiError && err.code === ALREADY_GUARANTEED)) return { done, error: err };
    }
    done.push(id);
  }
  return { done };
}

interface Options {
  project: ProjectDetail | undefined;
  dispatch: Dispatch<MoveAction<PipelineDoc>>;
  /** The candidates shown: a move is drawn after the latest of their moves (boardLogic.ts movedAt). */
  items: readonly PipelineDoc[];
  notify: Notify;
  /** After a successful move: the answer and what was asked. */
  onMoved(answer: MoveAnswer, request: MoveRequest): void;
  /** The project itself changed (upgraded). */
  onProjectChanged(): void;
  /** The server refused the move with a message rather than a prompt: what is shown may be stale. */
  onRefused(): void;
}

export function useMoveFlow({ project, dispatch, items, notify, onMoved, onProjectChanged, onRefused }: Options) {
  const [prompt, setPrompt] = useState<Prompt>();
  const [busy, setBusy] = useState(false);
  const [promptError, setPromptError] = useState<string>();
  /** The server's field errors of a refused form, message keys by field ('scheduleFormData.meetingLink'). */
  const [promptFields, setPromptFields] = useState<Record<string, string>>({});
  const latest = useRef({ project, items, onMoved, onProjectChanged, onRefused, prompt });
  latest.current = { project, items, onMoved, onProjectChanged, onRefused, prompt };
  const userId = useAuth().user?._id;

  const execute = useCallback(
    async (request: MoveRequest) => {
      const current = latest.current.project;
      if (!current) return;
      const ids = idsOf(request.docs);
      // Drawn first in its new column, as the server will list it (boardLogic.ts movedAt).
      dispatch({ type: 'move', ids, to: request.to, at: movedAt(latest.current.items) });
      // The dialog that asked for the move (if any) stays open, pending, until the server answers; another opened
      // meanwhile (for a move started while one without a dialog was on its way) is left alone.
      const asking = latest.current.prompt;
      const settle = () => asking && setBusy(false);
      if (asking) setBusy(true);
      try {
        const answer = await pipelineApi.move({
          projectId: current.id,
          candidateId: ids.length === 1 ? ids[0] : ids,
          recruitmentStatus: request.to,
          fromStage: request.from,
          rejectFormData: request.rejectFormData,
          scheduleFormData: request.scheduleFormData,
          confirmReveal: request.confirmReveal || undefined,
          withoutGuarantee: request.withoutGuarantee || undefined,
        });
        dispatch({ type: 'confirm', ids });
        settle();
        setPrompt((p) => (p === asking ? undefined : p));
        if (request.scheduleFormData) rememberSchedule(userId, request.scheduleFormData);
        const stage = stageLabel(request.to);
        if (request.to === STAGES.rejected)
          notify(
            ids.length > 1
              ? t('portal.pipeline.moved.rejectedMany', { n: ids.length })
              : t('portal.pipeline.moved.rejected'),
            'success',
          );
        else
          notify(
            ids.length > 1
              ? t('portal.pipeline.moved.many', { n: ids.length, stage })
              : t('portal.pipeline.moved.one', { stage }),
            'success',
          );
        latest.current.onMoved(answer, request);
      } catch (err) {
        dispatch({ type: 'rollback', ids });
        settle();
        const code = err instanceof ApiError ? err.code : undefined;
        if (code === REFUSALS.reveal) {
          // The server names whom the move reveals: the warning says so even when the cards were older than that.
          const named = namedIds(err as ApiError);
          const docs = request.docs.map((d) => (named?.includes(d.id) ? { ...d, revealsOnMove: true } : d));
          setPrompt({ kind: 'reveal', request: { ...request, docs, confirmReveal: false } });
        } else if (code === REFUSALS.upgrade) setPrompt({ kind: 'upgrade', request });
        else if (code === REFUSALS.guarantee)
          setPrompt({
            kind: 'guarantee',
            request: { ...request, guaranteed: false },
            candidateIds: namedIds(err as ApiError),
          });
        else {
          const form = stale(err) ? undefined : formAgain(request);
          setPrompt((p) => (p === asking ? form : p));
          if (form) {
            setPromptError(errorMessage(err));
            setPromptFields(fieldKeys(err));
          } else notify(errorMessage(err), 'error');
          latest.current.onRefused();
        }
      }
    },
    [dispatch, notify, userId],
  );

  /** The next question the move needs answered, or the move itself. */
  const advance = useCallback(
    (request: MoveRequest) => {
      setPromptError(undefined);
      setPromptFields({});
      const current = latest.current.project;
      if (!current) return;
      const plan = request.upgraded ? { ...current, plan: PROJECT_PLAN.power } : current;
      if (request.to === STAGES.rejected && !request.rejectFormData) return setPrompt({ kind: 'reject', request });
      // The plan rule is asked before any form: nothing is typed for a move the plan forbids.
      if (upgradeOrGuarantee(plan, request.to, true) === 'upgrade') return setPrompt({ kind: 'upgrade', request });
      if (needsSchedule(request.to) && !request.scheduleFormData) return setPrompt({ kind: 'schedule', request });
      if (
        !request.guaranteed &&
        !request.withoutGuarantee &&
        request.docs.some((d) => upgradeOrGuarantee(plan, request.to, d.guaranteed) === 'guarantee')
      )
        return setPrompt({ kind: 'guarantee', request });
      // Moving an anonymous candidate on reveals them to the company when the rule says so (spec section 4), and
      // a hidden one leaving Suggested stays anonymous: either is said before the move.
      const revealing = request.docs.some(revealsToCompany);
      const staying = request.from === STAGES.open && request.docs.some(staysAnonymous);
      if (!request.confirmReveal && (revealing || staying)) return setPrompt({ kind: 'reveal', request });
      void execute(request);
    },
    [execute],
  );

  const cancel = useCallback(() => {
    if (!busy) setPrompt(undefined);
  }, [busy]);

  /** Answers the open prompt. */
  const resolve = useCallback(
    async (answer?: { reject?: RejectData; schedule?: ScheduleData; withoutGuarantee?: boolean }) => {
      if (!prompt) return;
      const { request } = prompt;
      const current = latest.current.project;
      if (prompt.kind === 'guarantee' && answer?.withoutGuarantee)
        return advance({ ...request, withoutGuarantee: true });
      if (prompt.kind === 'reject' && answer?.reject) return advance({ ...request, rejectFormData: answer.reject });
      if (prompt.kind === 'schedule' && answer?.schedule)
        return advance({ ...request, scheduleFormData: answer.schedule });
      if (prompt.kind === 'reveal') return advance({ ...request, confirmReveal: true });
      if (!current) return;
      setBusy(true);
      setPromptError(undefined);
      try {
        if (prompt.kind === 'upgrade') {
          // Upgraded by a teammate meanwhile (this page's project was older): done as well, so the move goes on.
          await pipelineApi.upgrade(current.id).catch((err: unknown) => {
            if (!(err instanceof ApiError && err.code === ALREADY_POWER)) throw err;
          });
          notify(t('portal.pipeline.upgrade.done'), 'success');
          latest.current.onProjectChanged();
          setBusy(false);
          return advance({ ...request, upgraded: true });
        }
        if (prompt.kind === 'guarantee') {
          const ids = prompt.candidateIds ?? idsOf(request.docs.filter((d) => !d.guaranteed));
          const short = await coversAll(current, ids.length);
          if (short) {
            setPromptError(short);
            setBusy(false);
            return;
          }
          const { done, error } = await guaranteeEach(current.id, ids);
          const marked = {
            ...request,
            docs: request.docs.map((d) => (done.includes(d.id) ? { ...d, guaranteed: true } : d)),
          };
          if (error) {
            // Refused half-way: a retry guarantees only those still to go.
            setPrompt({ ...prompt, request: marked, candidateIds: ids.filter((id) => !done.includes(id)) });
            throw error;
          }
          notify(
            ids.length > 1
              ? t('portal.pipeline.guarantee.doneMany', { n: ids.length })
              : t('portal.pipeline.guarantee.done'),
            'success',
          );
          setBusy(false);
          return advance({ ...marked, guaranteed: true });
        }
      } catch (err) {
        setPromptError(promptFailure(err));
      }
      setBusy(false);
    },
    [prompt, advance, notify],
  );

  return { prompt, busy, promptError, promptFields, start: advance, resolve, cancel };
}

/** A short description of who a prompt is about. */
export const nameOf = (doc: PipelineDoc | undefined) => doc?.name || t('portal.pipeline.card.anonymous');
