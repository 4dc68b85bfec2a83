/**
 * Know before you reveal, on screen: the pipeline's cards, its profile panel and the dialogs that
 * reveal a candidate or spend a credit say "Already in your Workable since Mar 2021" for a candidate
 * the company's connected ATS already holds. The provider asks once per screen of cards (one
 * request naming every card whose contact the caller may see, POST integrations/already-known/batch)
 * and keeps each answer in memory until the next scheduled sync, as the server says. The server
 * applies the candidate gate: a candidate whose contact the caller may not see (still suggested,
 * anonymous and not revealed, hidden, paused) is never answered, so nothing is ever shown for them;
 * the board asks only about the cards whose contact the gate gave it.
 */
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import { Alert, Box, Stack, Typography } from '@mui/material';
import { createContext, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { t } from '../../../i18n';
import { formatMonth } from '../../../schema/rules/dates';
import { integrationsApi, type KnownIn } from '../../api/integrations';
import type { PipelineDoc } from '../../api/pipeline';

const K = 'portal.integrationsPage.known';
/** Candidates per request: the server's limit. */
const BATCH = 200;

/** Answers by project and candidate: the ATSs holding them, or null when the caller may not see their contact. */
const cache = new Map<string, { known: KnownIn[] | null; until: number }>();
const keyOf = (projectId: string | number, candidateId: string) => `${projectId}|${candidateId}`;
/** Candidates being looked up now, so a board that draws again meanwhile does not ask twice. */
const asking = new Set<string>();
/**
 * Every screen showing answers draws again when any look-up ends, whichever screen asked: a board whose columns
 * arrive one by one redraws while its look-up is under way, and the answer must still reach its cards.
 */
let answered = 0;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
const answeredCount = () => answered;

/** Whether the candidate gate shows the caller the candidate's contact here (the board's answer carries it then): the only ones asked about. */
export const contactShown = (doc: Pick<PipelineDoc, 'email'>): boolean => Boolean(doc.email);

interface KnownLookup {
  known(candidateId: string): KnownIn[] | undefined;
}
const KnownContext = createContext<KnownLookup>({ known: () => undefined });

async function fetchKnown(projectId: string | number, candidateIds: string[]): Promise<void> {
  const keys = candidateIds.map((id) => keyOf(projectId, id));
  keys.forEach((key) => asking.add(key));
  try {
    for (let at = 0; at < candidateIds.length; at += BATCH) {
      const asked = candidateIds.slice(at, at + BATCH);
      const answer = await integrationsApi.known(projectId, asked);
      const until = Date.now() + answer.freshForSeconds * 1000;
      const byId = new Map(answer.candidates.map((c) => [c.candidateId, c.known]));
      for (const id of asked) cache.set(keyOf(projectId, id), { known: byId.get(id) ?? null, until });
    }
  } finally {
    keys.forEach((key) => asking.delete(key));
    answered += 1;
    listeners.forEach((listener) => listener());
  }
}

/** Looks up, once per screen, the candidates of `docs` not answered yet, and shares the answers with the cards below it. */
export function KnownInAtsProvider({
  projectId,
  docs,
  enabled,
  children,
}: {
  projectId: string | number;
  docs: readonly PipelineDoc[];
  enabled: boolean;
  children: ReactNode;
}) {
  const version = useSyncExternalStore(subscribe, answeredCount);
  const wanted = useMemo(() => {
    if (!enabled) return '';
    const now = Date.now();
    return docs
      .filter(contactShown)
      .map((d) => d.id)
      .filter((id) => !asking.has(keyOf(projectId, id)) && (cache.get(keyOf(projectId, id))?.until ?? 0) <= now)
      .sort()
      .join(',');
  }, [docs, enabled, projectId]);

  useEffect(() => {
    // A failed look-up shows nothing: the line is a hint, never a reason to stop work.
    if (wanted) fetchKnown(projectId, wanted.split(',')).catch(() => undefined);
  }, [wanted, projectId]);

  const value = useMemo<KnownLookup>(
    () => ({
      known: (candidateId) => {
        void version;
        const hit = cache.get(keyOf(projectId, candidateId));
        return hit && hit.until > Date.now() && hit.known?.length ? hit.known : undefined;
      },
    }),
    [projectId, version],
  );
  return <KnownContext.Provider value={value}>{children}</KnownContext.Provider>;
}

/** "Already in your Workable since Mar 2021". */
export const knownText = (k: KnownIn): string => {
  const month = k.since ? formatMonth(`${k.since}-01`) : undefined;
  return month ? t(`${K}.since`, { ats: k.ats, month }) : t(`${K}.noDate`, { ats: k.ats });
};

/** The card's line, or the profile panel's notice (`panel`): nothing when no connected ATS holds the candidate. */
export function KnownInAts({ candidateId, panel = false }: { candidateId: string; panel?: boolean }) {
  const known = useContext(KnownContext).known(candidateId);
  if (!known) return null;
  if (panel)
    return (
      <Alert severity="info" icon={<HistoryOutlined fontSize="inherit" />} sx={{ mb: 2 }} data-testid="known-in-ats">
        {known.map(knownText).join(' · ')}
      </Alert>
    );
  return (
    <Stack spacing={0.25} sx={{ mt: 0.5 }} data-testid="known-in-ats">
      {known.map((k) => (
        <Stack key={k.ats} direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'info.dark' }}>
          <HistoryOutlined sx={{ fontSize: 14 }} aria-hidden />
          <Typography variant="caption" component="span" sx={{ overflowWrap: 'anywhere' }}>
            {knownText(k)}
          </Typography>
        </Stack>
      ))}
    </Stack>
  );
}

/** In a dialog about to reveal candidates or spend a credit: each of them a connected ATS already holds, by name. */
export function KnownInAtsList({ docs, nameOf }: { docs: readonly PipelineDoc[]; nameOf(doc: PipelineDoc): string }) {
  const lookup = useContext(KnownContext);
  const rows = docs.flatMap((doc) => {
    const known = lookup.known(doc.id);
    return known ? [{ doc, known }] : [];
  });
  if (!rows.length) return null;
  return (
    <Alert severity="info" icon={<HistoryOutlined fontSize="inherit" />} sx={{ mt: 2 }} data-testid="known-in-ats">
      <Box component="ul" sx={{ m: 0, pl: docs.length > 1 ? 2 : 0, listStyle: docs.length > 1 ? 'disc' : 'none' }}>
        {rows.map(({ doc, known }) => (
          <li key={doc.id}>
            {docs.length > 1 ? `${nameOf(doc)}: ` : ''}
            {known.map(knownText).join(' · ')}
          </li>
        ))}
      </Box>
    </Alert>
  );
}
