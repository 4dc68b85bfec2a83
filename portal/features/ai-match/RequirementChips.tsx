/**
 * The requirements read from a job description, as chips the admin corrects before matching:
 * every chip removable (skills, titles, languages, places, the project's countries, seniority, years,
 * pay, work mode, employment and the right to work); a click on a skill switches it between
 * must-have and nice-to-have, on the years opens their bounds to edit, on the seniority its five
 * levels; a skill any of several meet reads 'Apache Kafka / RabbitMQ'. A missed skill, title, language or place is added
 * through the lookups' own search (the names the import and the reader resolve). `readOnly` shows a
 * run's confirmed requirements as they were matched. Each chip's remove is a button named "Remove <requirement>"; a chip
 * that does something when pressed (skills, years, seniority) has its label as a button of its own (RemovableChip),
 * and one that does nothing is no button. A list at its cap (schema/rules/aiMatch.ts REQUIREMENT_CAPS) takes no more
 * and says so at the add field; the server's refusal of a list (`errors`) is said under the chips.
 */
import { Button, FormHelperText, Menu, MenuItem, Popover, Stack, TextField } from '@mui/material';
import { useState, type MouseEvent } from 'react';
import { t } from '../../../i18n';
import { REQUIREMENT_CAPS } from '../../../schema/rules/aiMatch';
import { LookupPicker } from '../../../ui/candidate-profile/LookupInput';
import { RemovableChip } from '../../../ui/components/RemovableChip';
import { LookupProvider, useLookups, type LookupId } from '../../../ui/candidate-profile/lookups';
import { SENIORITIES, type MatchRequirements, type Seniority } from '../../api/aiMatch';
import { portalLookups } from '../candidate-profile/profileApi';

const P = 'portal.aiMatchPage';
const EMPLOYMENT = ['', 'permanent', 'contract', 'partTime', 'internship'] as const;
const money = (n: number) => n.toLocaleString('en');
/** The AI-match years range (spec section 9: 0 to 80). */
const YEARS_MAX = 80;

/** The years asked as a chip's label, or undefined when none are. */
function yearsLabel(years: MatchRequirements['years']): string | undefined {
  if (!years || (years.min === undefined && years.max === undefined)) return undefined;
  if (years.min !== undefined && years.max !== undefined)
    return t(`${P}.chips.yearsRange`, { min: years.min, max: years.max });
  return years.min !== undefined
    ? t(`${P}.chips.yearsMin`, { min: years.min })
    : t(`${P}.chips.yearsMax`, { max: years.max ?? 0 });
}

/** The logistics asked, each a chip with what removing it leaves. */
function logistics(req: MatchRequirements): { key: string; label: string; without: MatchRequirements }[] {
  const out: { key: string; label: string; without: MatchRequirements }[] = [];
  const { salary } = req;
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
const removeLabel = (label: string) => t(`${P}.removeChip`, { label });

/** A requirement the reader missed, found through the lookups' search and added as a must-have. */
function AddRequirement({ req, onChange }: { req: MatchRequirements; onChange: (next: MatchRequirements) => void }) {
  const [kind, setKind] = useState<Kind>('skills');
  const lookups = useLookups();
  const taken = req[kind].map((x) => x.id);
  // A list at its cap takes no more: the field says so in the server's words for it.
  const full = req[kind].length >= REQUIREMENT_CAPS[kind];
  const add = (ids: LookupId[]) => {
    const id = ids[0];
    if (id === undefined || full) return;
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
        {full ? (
          <TextField
            size="small"
            label={t(`${P}.addRequirement`)}
            disabled
            fullWidth
            helperText={t(`requirements.${kind}.errors.tooMany`)}
          />
        ) : (
          <LookupPicker
            key={`${kind}${req[kind].length}`}
            resource={KINDS[kind]}
            label={t(`${P}.addRequirement`)}
            exclude={taken}
            value={[]}
            onChange={add}
          />
        )}
      </div>
    </Stack>
  );
}

/** Bounds typed in a field: a whole number of years from 0 to 80, or nothing. */
const yearsOf = (text: string): number | undefined | null => {
  if (!text.trim()) return undefined;
  const n = Number(text);
  return Number.isInteger(n) && n >= 0 && n <= YEARS_MAX ? n : null;
};

/** The years asked, edited in place: at least and at most, either left empty. */
function YearsEditor({
  anchor,
  years,
  onClose,
  onChange,
}: {
  anchor: HTMLElement | null;
  years: MatchRequirements['years'];
  onClose(): void;
  onChange(years: MatchRequirements['years']): void;
}) {
  const [min, setMin] = useState(years?.min?.toString() ?? '');
  const [max, setMax] = useState(years?.max?.toString() ?? '');
  const lo = yearsOf(min);
  const hi = yearsOf(max);
  const invalid = lo === null || hi === null || (lo !== undefined && hi !== undefined && lo > hi);
  return (
    <Popover
      open={Boolean(anchor)}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
    >
      <Stack
        component="form"
        aria-label={t(`${P}.yearsEditor`)}
        spacing={2}
        sx={{ p: 2, width: 260, maxWidth: 'calc(100vw - 32px)' }}
        onSubmit={(e) => {
          e.preventDefault();
          if (invalid) return;
          onChange(
            lo === undefined && hi === undefined
              ? undefined
              : { ...(lo !== undefined ? { min: lo } : {}), ...(hi !== undefined ? { max: hi } : {}) },
          );
        }}
      >
        <TextField
          size="small"
          type="number"
          label={t(`${P}.yearsAtLeast`)}
          value={min}
          autoFocus
          onChange={(e) => setMin(e.target.value)}
          slotProps={{ htmlInput: { min: 0, max: YEARS_MAX, inputMode: 'numeric' } }}
        />
        <TextField
          size="small"
          type="number"
          label={t(`${P}.yearsAtMost`)}
          value={max}
          onChange={(e) => setMax(e.target.value)}
          error={invalid}
          helperText={invalid ? t(`${P}.yearsInvalid`) : t(`${P}.yearsHelp`)}
          slotProps={{ htmlInput: { min: 0, max: YEARS_MAX, inputMode: 'numeric' } }}
        />
        <Stack direction="row" spacing={1} justifyContent="flex-end">
          <Button onClick={onClose}>{t(`${P}.cancelEdit`)}</Button>
          <Button type="submit" variant="contained" disabled={invalid}>
            {t(`${P}.apply`)}
          </Button>
        </Stack>
      </Stack>
    </Popover>
  );
}

/** The seniority asked, chosen from the five levels. */
function SeniorityMenu({
  anchor,
  value,
  onClose,
  onChange,
}: {
  anchor: HTMLElement | null;
  value: Seniority | undefined;
  onClose(): void;
  onChange(level: Seniority): void;
}) {
  return (
    <Menu open={Boolean(anchor)} anchorEl={anchor} onClose={onClose} aria-label={t(`${P}.seniorityMenu`)}>
      {SENIORITIES.map((level) => (
        <MenuItem key={level} selected={level === value} onClick={() => onChange(level)}>
          {t(`${P}.levels.${level}`)}
        </MenuItem>
      ))}
    </Menu>
  );
}

export function RequirementChips({
  requirements: req,
  onChange,
  readOnly = false,
  errors = {},
}: {
  requirements: MatchRequirements;
  onChange?: (next: MatchRequirements) => void;
  readOnly?: boolean;
  /** The server's refusals by field, in words: a list's own ('requirements.skills') is said under the chips. */
  errors?: Record<string, string>;
}) {
  const change = readOnly ? undefined : onChange;
  const [editing, setEditing] = useState<{ what: 'years' | 'seniority'; anchor: HTMLElement } | null>(null);
  const years = yearsLabel(req.years);
  const chips = (
    <Stack direction="row" flexWrap="wrap" gap={1} sx={{ my: 1 }} data-testid="ai-match-requirements">
      {req.skills.map((s) => {
        const named = [s.label, ...(s.anyOf ?? []).map((a) => a.label)].join(' / ');
        return (
          <RemovableChip
            key={`s${s.id}`}
            label={named + (s.required ? ` (${t(`${P}.required`)})` : '')}
            removeLabel={removeLabel(named)}
            onClick={
              change &&
              (() =>
                change({
                  ...req,
                  skills: req.skills.map((x) => (x.id === s.id ? { ...x, required: !x.required } : x)),
                }))
            }
            onRemove={change && (() => change({ ...req, skills: req.skills.filter((x) => x.id !== s.id) }))}
          />
        );
      })}
      {req.jobTitles.map((s) => (
        <RemovableChip
          key={`t${s.id}`}
          color="primary"
          variant="outlined"
          label={s.label}
          removeLabel={removeLabel(s.label)}
          onRemove={change && (() => change({ ...req, jobTitles: req.jobTitles.filter((x) => x.id !== s.id) }))}
        />
      ))}
      {(['languages', 'locations'] as const).flatMap((kind) =>
        req[kind].map((s) => (
          <RemovableChip
            key={`${kind}${s.id}`}
            variant="outlined"
            label={s.label}
            removeLabel={removeLabel(s.label)}
            onRemove={change && (() => change({ ...req, [kind]: req[kind].filter((x) => x.id !== s.id) }))}
          />
        )),
      )}
      {(req.countries ?? []).map((c) => (
        <RemovableChip
          key={`country${c.id}`}
          variant="outlined"
          label={t(`${P}.chips.country`, { country: c.label })}
          removeLabel={removeLabel(t(`${P}.chips.country`, { country: c.label }))}
          onRemove={
            change &&
            (() => {
              const countries = (req.countries ?? []).filter((x) => x.id !== c.id);
              change({ ...req, countries: countries.length ? countries : undefined });
            })
          }
        />
      ))}
      {req.seniority && (
        <RemovableChip
          variant="outlined"
          color="secondary"
          label={t(`${P}.chips.seniority`, { level: t(`${P}.levels.${req.seniority}`) })}
          removeLabel={removeLabel(t(`${P}.chips.seniority`, { level: t(`${P}.levels.${req.seniority}`) }))}
          labelPopup={change ? 'menu' : undefined}
          onClick={
            change && ((e: MouseEvent<HTMLElement>) => setEditing({ what: 'seniority', anchor: e.currentTarget }))
          }
          onRemove={change && (() => change({ ...req, seniority: undefined }))}
        />
      )}
      {years && (
        <RemovableChip
          variant="outlined"
          color="secondary"
          label={years}
          removeLabel={removeLabel(years)}
          labelPopup={change ? 'dialog' : undefined}
          onClick={change && ((e: MouseEvent<HTMLElement>) => setEditing({ what: 'years', anchor: e.currentTarget }))}
          onRemove={change && (() => change({ ...req, years: undefined }))}
        />
      )}
      {logistics(req).map((c) => (
        <RemovableChip
          key={c.key}
          variant="outlined"
          color="secondary"
          label={c.label}
          removeLabel={removeLabel(c.label)}
          onRemove={change && (() => change(c.without))}
        />
      ))}
    </Stack>
  );
  if (!change) return chips;
  const refusals = Object.entries(errors).filter(([field]) => field.startsWith('requirements'));
  return (
    <LookupProvider client={portalLookups}>
      {chips}
      {refusals.map(([field, message]) => (
        <FormHelperText key={field} error role="alert" data-testid="ai-match-requirements-error" sx={{ mb: 1 }}>
          {message}
        </FormHelperText>
      ))}
      {/* Years and seniority not asked are added here; asked, their chips open the same editors. */}
      {(!years || !req.seniority) && (
        <Stack direction="row" flexWrap="wrap" gap={1} sx={{ mb: 1 }}>
          {!years && (
            <Button size="small" onClick={(e) => setEditing({ what: 'years', anchor: e.currentTarget })}>
              {t(`${P}.addYears`)}
            </Button>
          )}
          {!req.seniority && (
            <Button
              size="small"
              aria-haspopup="menu"
              onClick={(e) => setEditing({ what: 'seniority', anchor: e.currentTarget })}
            >
              {t(`${P}.addSeniority`)}
            </Button>
          )}
        </Stack>
      )}
      <AddRequirement req={req} onChange={change} />
      {editing?.what === 'years' && (
        <YearsEditor
          anchor={editing.anchor}
          years={req.years}
          onClose={() => setEditing(null)}
          onChange={(next) => {
            setEditing(null);
            change({ ...req, years: next });
          }}
        />
      )}
      <SeniorityMenu
        anchor={editing?.what === 'seniority' ? editing.anchor : null}
        value={req.seniority}
        onClose={() => setEditing(null)}
        onChange={(level) => {
          setEditing(null);
          change({ ...req, seniority: level });
        }}
      />
    </LookupProvider>
  );
}
