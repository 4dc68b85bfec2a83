/**
 * The requirements read from a job description, as chips the admin corrects before matching:
 * every chip removable (skills, titles, languages, places); a click on a skill switches it between
 * must-have and nice-to-have; a skill any of several meet reads 'Apache Kafka / RabbitMQ'.
 */
import { Chip, Stack } from '@mui/material';
import { t } from '../../../i18n';
import type { MatchRequirements } from '../../api/aiMatch';

const P = 'portal.aiMatchPage';

export function RequirementChips({
  requirements: req,
  onChange,
}: {
  requirements: MatchRequirements;
  onChange: (next: MatchRequirements) => void;
}) {
  return (
    <Stack direction="row" flexWrap="wrap" gap={1} sx={{ my: 1 }} data-testid="ai-match-requirements">
      {req.skills.map((s) => (
        <Chip
          key={`s${s.id}`}
          label={
            [s.label, ...(s.anyOf ?? []).map((a) => a.label)].join(' / ') +
            (s.required ? ` (${t(`${P}.required`)})` : '')
          }
          onClick={() =>
            onChange({
              ...req,
              skills: req.skills.map((x) => (x.id === s.id ? { ...x, required: !x.required } : x)),
            })
          }
          onDelete={() => onChange({ ...req, skills: req.skills.filter((x) => x.id !== s.id) })}
        />
      ))}
      {req.jobTitles.map((s) => (
        <Chip
          key={`t${s.id}`}
          color="primary"
          variant="outlined"
          label={s.label}
          onDelete={() => onChange({ ...req, jobTitles: req.jobTitles.filter((x) => x.id !== s.id) })}
        />
      ))}
      {(['languages', 'locations'] as const).flatMap((kind) =>
        req[kind].map((s) => (
          <Chip
            key={`${kind}${s.id}`}
            variant="outlined"
            label={s.label}
            onDelete={() => onChange({ ...req, [kind]: req[kind].filter((x) => x.id !== s.id) })}
          />
        )),
      )}
    </Stack>
  );
}
