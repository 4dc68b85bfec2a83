/**
 * The ranked shortlist of an AI match run. Each name opens the profile panel search and the
 * pipeline use; a candidate hidden from companies is marked so. The score column shows the score
 * stored: the model's (within ten points of the matcher's, the move named) or the matcher's, also
 * for a candidate the model never judged. The detail says whose words the reasoning is (the
 * model's or the product matcher's) and, when the model's verdict was set aside, what it said and
 * why; the evidence points are the matcher's.
 */
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  Collapse,
  Link,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { Fragment, useState } from 'react';
import { t } from '../../../i18n';
import type { MatchResult } from '../../api/aiMatch';

const P = 'portal.aiMatchPage';
const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/** The score stored and, beneath it, how it relates to the matcher's. */
function ScoreCell({ r }: { r: MatchResult }) {
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

function Detail({ r }: { r: MatchResult }) {
  return (
    <>
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

export function MatchResults({
  results,
  selected,
  onSelect,
  onAdd,
  onOpenProfile,
}: {
  results: MatchResult[];
  selected: string[];
  onSelect: (ids: string[]) => void;
  onAdd: (ids: string[]) => void;
  onOpenProfile: (candidateId: string) => void;
}) {
  const [open, setOpen] = useState<string | null>(null);
  const label = (r: MatchResult) => r.name ?? t(`${P}.anonymous`, { rank: r.rank });
  return (
    // A narrow screen scrolls the table, not the page.
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t(`${P}.shortlist`)}>
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox" />
            <TableCell>{t(`${P}.columns.candidate`)}</TableCell>
            <TableCell>{t(`${P}.columns.score`)}</TableCell>
            <TableCell>{t(`${P}.columns.recommendation`)}</TableCell>
            <TableCell>{t(`${P}.columns.strengths`)}</TableCell>
            <TableCell>{t(`${P}.columns.actions`)}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {results.map((r) => (
            <Fragment key={r.candidateId}>
              <TableRow data-testid="ai-match-result">
                <TableCell padding="checkbox">
                  <Checkbox
                    inputProps={{ 'aria-label': label(r) }}
                    checked={selected.includes(r.candidateId)}
                    onChange={(e) =>
                      onSelect(
                        e.target.checked ? [...selected, r.candidateId] : selected.filter((c) => c !== r.candidateId),
                      )
                    }
                  />
                </TableCell>
                <TableCell>
                  <Link
                    component="button"
                    type="button"
                    onClick={() => onOpenProfile(r.candidateId)}
                    aria-label={t(`${P}.openProfile`, { name: label(r) })}
                    sx={{ textAlign: 'left' }}
                  >
                    {label(r)}
                  </Link>
                  {r.adminAnonymous && (
                    <Tooltip title={t(`${P}.hiddenHelp`)}>
                      <Chip size="small" label={t(`${P}.hidden`)} sx={{ ml: 1 }} data-testid="ai-match-hidden" />
                    </Tooltip>
                  )}
                </TableCell>
                <TableCell>
                  <ScoreCell r={r} />
                </TableCell>
                <TableCell>
                  {r.recommendation
                    ? t(`${P}.recommendations.${r.recommendation}`)
                    : t(`${P}.notJudged`, {
                        reason: r.notJudged ? t(`${P}.notJudgedReasons.${r.notJudged}`) : '–',
                      })}
                </TableCell>
                <TableCell>{(r.strengths ?? []).join(' · ')}</TableCell>
                <TableCell>
                  <Button
                    size="small"
                    onClick={() => setOpen(open === r.candidateId ? null : r.candidateId)}
                    aria-expanded={open === r.candidateId}
                  >
                    {t(`${P}.reasoning`)}
                  </Button>
                  <Button size="small" onClick={() => onAdd([r.candidateId])}>
                    {t(`${P}.add`)}
                  </Button>
                </TableCell>
              </TableRow>
              <TableRow>
                <TableCell colSpan={6} sx={{ py: 0, borderBottom: open === r.candidateId ? undefined : 'none' }}>
                  <Collapse in={open === r.candidateId} unmountOnExit data-testid="ai-match-detail">
                    <Detail r={r} />
                  </Collapse>
                </TableCell>
              </TableRow>
            </Fragment>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
