/**
 * The requirements read from a job description, as chips the admin corrects before matching:
 * every chip removable (skills, titles, languages, places, years, pay, work mode, employment and the
 * right to work); a click on a skill switches it between must-have and nice-to-have; a skill any of
 * several meet reads 'Apache Kafka / RabbitMQ'. A missed skill, title, language or place is added
 * through the lookups' own search (the names the import and the reader resolve). `readOnly` shows a
 * run's confirmed requirements as they were matched.
 */
import { Chip, MenuItem, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { t } from '../../../i18n';
import { LookupPicker } from '../../../ui/candidate-profile/LookupInput';
import { LookupProvider, useLookups, type LookupId } from '../../../ui/candidate-profile/lookups';
import type { MatchRequirements } from '../../api/aiMatch';
import { portalLookups } from '../candidate-profile/profileApi';

const P = 'portal.aiMatchPage';
const EMPLOYMENT = ['', 'permanent', 'contract', 'partTime', 'internship'] as const;
const money = (n: number) => n.toLocaleString('en');

/** The logistics asked, each a chip with what removing it leaves. */
function logistics(req: MatchRequirements): { key: string; label: string; without: MatchRequirements }[] {
  const out: { key: string; label: string; without: MatchRequirements }[] = [];
  const { years, salary } = req;
  if (years && (years.min !== undefined || years.max !== undefined))
    out.push({
      key: 'years',
      label:
        years.min !== undefined && years.max !== undefined
          ? t(`${P}.chips.yearsRange`, { min: years.min, max: years.max })
          : years.min !== undefined
            ? t(`${P}.chips.yearsMin`, { min: years.min })
            : t(`${P}.chips.yearsMax`, { max: years.max ?? 0 }),
      without: { ...req, years: undefined },
    });
  if (salary && (salary.min !== undefined || salary.max !== undefined))
    out.push({
      key: 'salary',
      label:
        salary.min !== undefined && salary.max !== undefined
          ? t(`${P}.chips.salaryRange`, { currency: salary.currency, min: money(salary.min), max: money(salary.max) })
          : salary.max !== undefined
            ? t(`${P}.chips.salaryMax`, { currency: salary.currency, max: money(salary.max) })
            : t(`${P}.chips.salaryMin`, { currency: salary.currency, min: money(salary.min ?? 0) }),
      without: { ...req, salary: undefined },
    });
  if (req.remote) out.push({ key: 'remote', label: t(`${P}.chips.remote`), without: { ...req, remote: undefined } });
  for (const type of req.employmentTypes)
    out.push({
      key: `employment${type}`,
      label: t(`${P}.chips.${EMPLOYMENT[type] || 'permanent'}`),
      without: { ...req, employmentTypes: req.employmentTypes.filter((x) => x !== type) },
    });
  if (req.rightToWorkIn?.length)
    out.push({ key: 'visa', label: t(`${P}.chips.rightToWork`), without: { ...req, rightToWorkIn: undefined } });
  return out;
}

const KINDS = {
  skills: 'skills',
  jobTitles: 'job-titles',
  languages: 'languages',
  locations: 'cities',
} as const;
type Kind = keyof typeof KINDS;
const idOf = (id: LookupId) => Number(String(id).replace(/^[^:]*:/, ''));

/** A requirement the reader missed, found through the lookups' search and added as a must-have. */
function AddRequirement({ req, onChange }: { req: MatchRequirements; onChange: (next: MatchRequirements) => void }) {
  const [kind, setKind] = useState<Kind>('skills');
  const lookups = useLookups();
  const taken = req[kind].map((x) => x.id);
  const add = (ids: LookupId[]) => {
    const id = ids[0];
    if (id === undefined) return;
    const option = lookups.cached(KINDS[kind], id);
    const item = { id: idOf(id), label: option?.name ?? String(id) };
    if (taken.includes(item.id)) return;
    if (kind === 'skills') onChange({ ...req, skills: [...req.skills, { ...item, required: true }] });
    else onChange({ ...req, [kind]: [...req[kind], item] });
  };
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} gap={1} sx={{ mb: 2, maxWidth: 640 }}>
      <TextField
        select
        size="small"
        label={t(`${P}.addKind`)}
        value={kind}
        onChange={(e) => setKind(e.target.value as Kind)}
        sx={{ minWidth: 160 }}
      >
        {(Object.keys(KINDS) as Kind[]).map((k) => (
          <MenuItem key={k} value={k}>
            {t(`${P}.kinds.${k}`)}
          </MenuItem>
        ))}
      </TextField>
      <div style={{ flex: 1 }}>
        <LookupPicker
          key={`${kind}${req[kind].length}`}
          resource={KINDS[kind]}
          label={t(`${P}.addRequirement`)}
          exclude={taken}
          value={[]}
          onChange={add}
        />
      </div>
    </Stack>
  );
}

export function RequirementChips({
  requirements: req,
  onChange,
  readOnly = false,
}: {
  requirements: MatchRequirements;
  onChange?: (next: MatchRequirements) => void;
  readOnly?: boolean;
}) {
  const change = readOnly ? undefined : onChange;
  const chips = (
    <Stack direction="row" flexWrap="wrap" gap={1} sx={{ my: 1 }} data-testid="ai-match-requirements">
      {req.skills.map((s) => (
        <Chip
          key={`s${s.id}`}
          label={
            [s.label, ...(s.anyOf ?? []).map((a) => a.label)].join(' / ') +
            (s.required ? ` (${t(`${P}.required`)})` : '')
          }
          onClick={
            change &&
            (() =>
              change({
                ...req,
                skills: req.skills.map((x) => (x.id === s.id ? { ...x, required: !x.required } : x)),
              }))
          }
          onDelete={change && (() => change({ ...req, skills: req.skills.filter((x) => x.id !== s.id) }))}
        />
      ))}
      {req.jobTitles.map((s) => (
        <Chip
          key={`t${s.id}`}
          color="primary"
          variant="outlined"
          label={s.label}
          onDelete={change && (() => change({ ...req, jobTitles: req.jobTitles.filter((x) => x.id !== s.id) }))}
        />
      ))}
      {(['languages', 'locations'] as const).flatMap((kind) =>
        req[kind].map((s) => (
          <Chip
            key={`${kind}${s.id}`}
            variant="outlined"
            label={s.label}
            onDelete={change && (() => change({ ...req, [kind]: req[kind].filter((x) => x.id !== s.id) }))}
          />
        )),
      )}
      {logistics(req).map((c) => (
        <Chip
          key={c.key}
          variant="outlined"
          color="secondary"
          label={c.label}
          onDelete={change && (() => change(c.without))}
        />
      ))}
    </Stack>
  );
  if (!change) return chips;
  return (
    <LookupProvider client={portalLookups}>
      {chips}
      <AddRequirement req={req} onChange={change} />
    </LookupProvider>
  );
}
