/**
 * The candidate's stage or status in the company's ATS, as the last sync read it: "In Greenhouse:
 * Offer, since 3 Dec 2026" on the board's cards, the list's rows and the profile panel, with when it
 * was read. Nothing moves by itself: where the ATS's status matches a stage of the product the
 * viewer may move the candidate to (the shared stage rules), the card offers that move, which is
 * the menu's own move with its dialogs. One request per project screen (GET
 * integrations/ats-status, the whole project's statuses), once the first candidates are there to carry them, and
 * again when what is shown reloads after a move or a teammate's change; another tab or filter shows the same
 * project's statuses and asks nothing.
 */
import SyncAltOutlined from '@mui/icons-material/SyncAltOutlined';
import { Button, Stack, Typography } from '@mui/material';
import { createContext, startTransition, useContext, useEffect, useState, type ReactNode } from 'react';
import { t } from '../../../i18n';
import { formatDate, formatDateTime } from '../../../schema/rules/dates';
import { STAGES, type StageId, type StageKey } from '../../../schema/rules/pipeline';
import { api } from '../../../ui/api/client';
import type { PipelineDoc } from '../../api/pipeline';
import type { MenuRequest } from './CandidateMenu';
import { stageLabel } from './stageKeys';

export interface AtsStatus {
  candidateId: number;
  ats: string;
  status: string;
  stage: StageKey | null;
  since: string | null;
  readAt: string | null;
}

const StatusContext = createContext<Map<string, AtsStatus>>(new Map());

/** Reads the project's ATS statuses once per `version` (the workspace's reload count). */
export function AtsStatusProvider({
  projectId,
  version,
  enabled,
  children,
}: {
  projectId: string | number;
  version: unknown;
  enabled: boolean;
  children: ReactNode;
}) {
  const [statuses, setStatuses] = useState(new Map<string, AtsStatus>());
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    api<{ data: AtsStatus[] }>('integrations/ats-status', { query: { projectId } })
      .then((answer) => {
        // Every card reads the answer: drawn as a transition, in slices, not in one long task.
        if (live) startTransition(() => setStatuses(new Map(answer.data.map((s) => [String(s.candidateId), s]))));
      })
      // The line is a hint: a failed read shows nothing and stops nothing.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [projectId, version, enabled]);
  return <StatusContext.Provider value={statuses}>{children}</StatusContext.Provider>;
}

/**
 * The ATS line of one candidate; with `moveTo` (the move the stage rules allow to a stage, if any)
 * and `onRequest`, a button for the move the ATS's status matches.
 */
export function AtsStatusLine({
  doc,
  moveTo,
  onRequest,
}: {
  doc: PipelineDoc;
  moveTo?(to: StageId): MenuRequest | undefined;
  onRequest?(request: MenuRequest): void;
}) {
  // The board names candidates by global id ("Candidate:12"); the statuses by their number.
  const status = useContext(StatusContext).get(doc.id.slice(doc.id.lastIndexOf(':') + 1));
  if (!status) return null;
  const to = status.stage ? STAGES[status.stage] : undefined;
  const move = to !== undefined && to !== doc.recruitmentStatus && onRequest ? moveTo?.(to) : undefined;
  const read = status.readAt ? formatDateTime(status.readAt) : undefined;
  return (
    <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }} data-testid="ats-status">
      <SyncAltOutlined fontSize="inherit" color="action" aria-hidden />
      <Typography
        variant="caption"
        color="text.secondary"
        title={read && t('portal.pipeline.card.ats.read', { ats: status.ats, at: read })}
      >
        {t('portal.pipeline.card.ats.line', {
          ats: status.ats,
          status: status.status,
          since: formatDate(status.since ?? status.readAt ?? '') ?? '',
        })}
      </Typography>
      {move && to !== undefined && (
        <Button
          size="small"
          variant="text"
          sx={{ py: 0, minHeight: 24 }}
          data-testid="ats-status-move"
          onClick={() => onRequest!(move)}
        >
          {t('portal.pipeline.card.ats.move', { stage: stageLabel(to) })}
        </Button>
      )}
    </Stack>
  );
}
