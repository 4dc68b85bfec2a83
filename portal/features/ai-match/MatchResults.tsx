/**
 * The ranked shortlist of an AI match run. Each name opens the profile panel search and the
 * pipeline use; a candidate hidden from companies is marked so. The score column shows the score
 * stored: the model's (within ten points of the matcher's, the move named) or the matcher's, also
 * for a candidate the model never judged. The detail says whose words the reasoning is (the
 * model's or the product matcher's) and, when the model's verdict was set aside, what it said and
 * why; the evidence points are the matcher's. The table follows the score shown (the server sorts by it). On a phone
 * each result is a stacked card instead (MatchResultCards).
 */
import {
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
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { Fragment, useState } from 'react';
import { t } from '../../../i18n';
import { MatchResultCards } from './MatchResultCards';
import { Detail, P, resultLabel, ScoreCell, verdictText, type MatchResultsProps } from './MatchResultParts';

export function MatchResults({ results, selected, onSelect, onAdd, onOpenProfile }: MatchResultsProps) {
  const [open, setOpen] = useState<string | null>(null);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const label = resultLabel;
  // On a phone each result is a card: the table would be wider than the screen and its detail row cut off.
  if (phone)
    return (
      <MatchResultCards
        results={results}
        selected={selected}
        onSelect={onSelect}
        onAdd={onAdd}
        onOpenProfile={onOpenProfile}
      />
    );
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
                <TableCell data-testid="ai-match-verdict">{verdictText(r)}</TableCell>
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
