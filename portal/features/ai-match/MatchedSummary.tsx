/**
 * What a run matched, shown with its results and when it is reopened: where the description came
 * from (a project by title, a file by name), the confirmed requirements as chips, the years filter
 * kept, and the description itself, folded away until asked for.
 */
import { Box, Button, Collapse, Typography } from '@mui/material';
import { useState } from 'react';
import { t } from '../../../i18n';
import type { MatchRun } from '../../api/aiMatch';
import { RequirementChips } from './RequirementChips';

const P = 'portal.aiMatchPage';

export function MatchedSummary({ run }: { run: MatchRun }) {
  const [open, setOpen] = useState(false);
  const exp = run.filters?.experience;
  const from =
    run.source === 'project' && run.projectTitle
      ? t(`${P}.matchedProject`, { project: run.projectTitle })
      : run.source === 'file' && run.fileName
        ? t(`${P}.matchedFile`, { file: run.fileName })
        : null;
  return (
    <Box sx={{ mt: 3 }} data-testid="ai-match-matched">
      <Typography variant="h6">{t(`${P}.matched`)}</Typography>
      {from && <Typography variant="body2">{from}</Typography>}
      <RequirementChips requirements={run.requirements} readOnly />
      {exp && (
        <Typography variant="body2" color="text.secondary">
          {t(`${P}.filtersYears`, { from: exp.from ?? 0, to: exp.to ?? 80 })}
        </Typography>
      )}
      <Button size="small" onClick={() => setOpen(!open)} aria-expanded={open}>
        {t(`${P}.${open ? 'hideDescription' : 'showDescription'}`)}
      </Button>
      <Collapse in={open}>
        <Typography
          component="pre"
          sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'inherit', typography: 'body2', m: 0 }}
        >
          {run.jobDescription}
        </Typography>
      </Collapse>
    </Box>
  );
}
