/**
 * The ranked shortlist on a phone: each result a card, stacked, as wide as the screen. The card says the name (opening
 * the profile), the score shown with how it relates to the matcher's, the verdict and the key strengths; its buttons
 * (select, reasoning and evidence, add to a project) are at least 44 px tall, and the detail opens inside the card.
 */
import { Box, Button, Card, CardContent, Checkbox, Chip, Collapse, Link, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { t } from '../../../i18n';
import { Detail, P, resultLabel, ScoreCell, verdictText, type MatchResultsProps } from './MatchResultParts';

const TAP = { minHeight: 44, minWidth: 44 };

export function MatchResultCards({ results, selected, onSelect, onAdd, onOpenProfile }: MatchResultsProps) {
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Stack spacing={1.5} component="ol" aria-label={t(`${P}.shortlist`)} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {results.map((r) => (
        <Card key={r.candidateId} component="li" variant="outlined" data-testid="ai-match-result">
          <CardContent sx={{ '&:last-child': { pb: 1.5 }, overflowWrap: 'anywhere' }}>
            <Stack direction="row" alignItems="center" spacing={1}>
              <Checkbox
                sx={TAP}
                inputProps={{ 'aria-label': resultLabel(r) }}
                checked={selected.includes(r.candidateId)}
                onChange={(e) =>
                  onSelect(
                    e.target.checked ? [...selected, r.candidateId] : selected.filter((c) => c !== r.candidateId),
                  )
                }
              />
              <Link
                component="button"
                type="button"
                onClick={() => onOpenProfile(r.candidateId)}
                aria-label={t(`${P}.openProfile`, { name: resultLabel(r) })}
                sx={{ ...TAP, textAlign: 'left', flex: 1, typography: 'subtitle1' }}
              >
                {resultLabel(r)}
              </Link>
              {r.adminAnonymous && <Chip size="small" label={t(`${P}.hidden`)} data-testid="ai-match-hidden" />}
            </Stack>
            <Box sx={{ mt: 1 }}>
              <Typography variant="caption" color="text.secondary" component="div">
                {t(`${P}.columns.score`)}
              </Typography>
              <ScoreCell r={r} />
            </Box>
            <Typography sx={{ mt: 1 }} data-testid="ai-match-verdict">
              {verdictText(r)}
            </Typography>
            {!!r.strengths?.length && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                {r.strengths.join(' · ')}
              </Typography>
            )}
            <Stack direction="row" flexWrap="wrap" useFlexGap spacing={1} sx={{ mt: 1 }}>
              <Button
                sx={TAP}
                variant="outlined"
                onClick={() => setOpen(open === r.candidateId ? null : r.candidateId)}
                aria-expanded={open === r.candidateId}
              >
                {t(`${P}.reasoning`)}
              </Button>
              <Button sx={TAP} onClick={() => onAdd([r.candidateId])}>
                {t(`${P}.add`)}
              </Button>
            </Stack>
            <Collapse in={open === r.candidateId} unmountOnExit data-testid="ai-match-detail">
              <Detail r={r} />
            </Collapse>
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}
