/**
 * One search result: who the candidate is (as the searcher may see them), and why they matched:
 * highlighted snippets and experience, matched skills, titles and locations. `actions` is the slot
 * for per-result actions (add to a project and the like). For an admin, a hidden or anonymous candidate's card
 * carries the same 'Hidden' chip as the AI match results (`adminAnonymous`), so the name is never shown by mistake.
 */
import { Avatar, Box, Card, CardActionArea, Chip, Stack, Tooltip, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { t } from '../../../i18n';
import type { SearchDoc, Segment } from '../../api/search';
import { thousands } from './searchUrl';
import { formatDate } from '../../../schema/rules/dates';

export function Highlighted({ segments }: { segments: Segment[] }) {
  return (
    <>
      {segments.map((s, i) =>
        s.hit ? (
          <Box
            component="mark"
            key={i}
            sx={{ bgcolor: 'rgba(250, 204, 21, 0.4)', color: 'inherit', px: 0.25, borderRadius: 0.5 }}
          >
            {s.text}
          </Box>
        ) : (
          <span key={i}>{s.text}</span>
        ),
      )}
    </>
  );
}

interface Props {
  doc: SearchDoc;
  onOpen: (doc: SearchDoc) => void;
  /** Per-result actions, shown at the card's right. */
  actions?: ReactNode;
}

export function ResultCard({ doc, onOpen, actions }: Props) {
  const m = doc.matched;
  const display = doc.name || t('search.page.anonymous');
  const why = [...m.titles, ...m.skills, ...m.locations, ...m.languages, ...m.industries, ...m.tags];
  return (
    <Card variant="outlined" data-testid="result-card" data-guid={doc.guid}>
      <Stack direction="row" sx={{ alignItems: 'stretch' }}>
        {/* Named by what it shows (name, title, salary, skills): a label of its own would hide that from screen readers. */}
        <CardActionArea onClick={() => onOpen(doc)} sx={{ p: 2, flex: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Avatar src={doc.profilePic ?? undefined} alt="" aria-hidden>
              {doc.name ? doc.name.slice(0, 1) : '?'}
            </Avatar>
            <Box sx={{ minWidth: 0, flex: 1 }}>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                {m.name ? <Highlighted segments={m.name} /> : display}
                {doc.adminAnonymous && (
                  <Tooltip title={t('search.page.adminAnonymous')} describeChild>
                    <Chip
                      size="small"
                      label={t('search.page.hidden')}
                      sx={{ ml: 1, verticalAlign: 'text-bottom' }}
                      data-testid="result-hidden"
                    />
                  </Tooltip>
                )}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {[doc.title, doc.currentLocation?.label, t('search.page.years', { n: doc.experienceYears })]
                  .filter(Boolean)
                  .join(' · ')}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {doc.salary?.amount != null
                  ? `${doc.salary.currency} ${thousands(doc.salary.amount)}`
                  : t('search.page.noSalary')}
                {' · '}
                {t('search.page.lastUpdated', { date: formatDate(doc.updatedAt) ?? '' })}
              </Typography>
              {m.snippets.map((s, i) => (
                <Typography key={i} variant="body2" sx={{ mt: 1 }} data-testid="snippet">
                  … <Highlighted segments={s.text} /> …
                </Typography>
              ))}
              {m.experience.map((x, i) => (
                <Typography key={`x${i}`} variant="body2" sx={{ mt: 0.5 }}>
                  <Highlighted segments={x.title} /> · <Highlighted segments={x.company} />
                </Typography>
              ))}
              {why.length > 0 && (
                <Stack
                  direction="row"
                  sx={{ mt: 1, flexWrap: 'wrap', gap: 0.5, alignItems: 'center' }}
                  data-testid="matched"
                >
                  <Typography variant="caption" color="text.secondary">
                    {t('search.page.matchedBecause')}
                  </Typography>
                  {why.map((o) => (
                    <Chip key={`${o.id}`} size="small" color="primary" variant="outlined" label={o.label} />
                  ))}
                </Stack>
              )}
              <Stack direction="row" sx={{ mt: 1, flexWrap: 'wrap', gap: 0.5 }}>
                {doc.topSkills.map((s) => (
                  <Chip key={`${s.id}`} size="small" label={s.label} variant={s.matched ? 'filled' : 'outlined'} />
                ))}
              </Stack>
            </Box>
          </Stack>
        </CardActionArea>
        {actions && <Box sx={{ p: 1, display: 'flex', alignItems: 'flex-start' }}>{actions}</Box>}
      </Stack>
    </Card>
  );
}
