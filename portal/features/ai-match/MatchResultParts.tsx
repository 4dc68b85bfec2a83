/**
 * The pieces of an AI match result the table (MatchResults) and the phone's cards (MatchResultCards) share: the score
 * shown and how it relates to the matcher's, the verdict in words, and the detail (reasoning, a verdict set aside,
 * text in the profile addressed to the AI, quoted, and the matcher's evidence).
 */
import { Alert, Box, Typography } from '@mui/material';
import { t } from '../../../i18n';
import type { MatchResult } from '../../api/aiMatch';

export const P = 'portal.aiMatchPage';
const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/** The score stored and, beneath it, how it relates to the matcher's. */
export function ScoreCell({ r }: { r: MatchResult }) {
  const note =
    r.score == null
      ? t(`${P}.matcherOnly`)
      : r.judge === 'model' && r.score !== r.matchScore
        ? t(`${P}.modelMoved`, { match: r.matchScore, delta: signed(r.score - r.matchScore) })
        : null;
  return (
    <>
      <span data-testid="ai-match-score">{r.score ?? r.matchScore}</span>
      {note && (
        <Typography variant="caption" color="text.secondary" component="div">
          {note}
        </Typography>
      )}
    </>
  );
}

export function Detail({ r }: { r: MatchResult }) {
  return (
    <>
      {r.notJudged === 'addressedToModel' && (
        <Alert severity="warning" sx={{ my: 1, overflowWrap: 'anywhere' }} data-testid="ai-match-addressed">
          {t(`${P}.addressedWarning`)}
          <Box component="q" sx={{ display: 'block', mt: 0.5, fontStyle: 'italic' }}>
            {r.notJudgedDetail}
          </Box>
        </Alert>
      )}
      {r.disagreement && (
        <Alert severity="warning" sx={{ my: 1 }} data-testid="ai-match-set-aside">
          {t(`${P}.setAside`, { reason: r.disagreement.reason })}{' '}
          {t(`${P}.modelSaid`, {
            score: r.disagreement.score,
            recommendation: r.disagreement.recommendation
              ? t(`${P}.recommendations.${r.disagreement.recommendation}`)
              : '–',
          })}
        </Alert>
      )}
      {r.reasoning && (
        <>
          <Typography variant="subtitle2" component="h3" sx={{ mt: 1 }}>
            {r.judge === 'model' ? t(`${P}.modelWords`) : t(`${P}.productWords`)}
          </Typography>
          <Typography sx={{ mb: 1 }} component={r.judge === 'model' ? 'blockquote' : 'p'}>
            {r.reasoning}
          </Typography>
        </>
      )}
      {r.reused && (
        <Typography variant="body2" color="text.secondary">
          {t(`${P}.reusedVerdict`)}
        </Typography>
      )}
      <Typography variant="subtitle2" component="h3" sx={{ mt: 1 }}>
        {t(`${P}.evidence`)} · {t(`${P}.matcherScore`, { score: r.matchScore })}
      </Typography>
      <ul>
        {r.parts.map((p) => (
          <li key={p.key}>
            <strong>{t(`${P}.parts.${p.key}`)}</strong>
            {` (${t(`${P}.points`, { points: Math.round(p.points * 10) / 10, max: p.max })}): ${p.evidence}`}
          </li>
        ))}
      </ul>
    </>
  );
}

/** The recommendation, or why the model gave none. */
export const verdictText = (r: MatchResult) =>
  r.recommendation
    ? t(`${P}.recommendations.${r.recommendation}`)
    : t(`${P}.notJudged`, { reason: r.notJudged ? t(`${P}.notJudgedReasons.${r.notJudged}`) : '–' });

/** The name shown: the candidate's, else their rank. */
export const resultLabel = (r: MatchResult) => r.name ?? t(`${P}.anonymous`, { rank: r.rank });

/** What the results table and the phone's cards both take: the results, the selection, and what a row can do. */
export interface MatchResultsProps {
  results: MatchResult[];
  selected: string[];
  onSelect: (ids: string[]) => void;
  onAdd: (ids: string[]) => void;
  onOpenProfile: (candidateId: string) => void;
}
