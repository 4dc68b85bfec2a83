/**
 * Every field of a project a user sets (spec section 3), for the add modal and the settings panel:
 * the role, who owns it (admins: company then owner, or an internal project; and the talent
 * advocate), requirements, salary, interview slots, comments and the job description.
 */
import { Box, Checkbox, FormControlLabel, FormHelperText, MenuItem, TextField, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { t } from '../../../i18n';
import { appointsAdvocates } from '../../../schema/roles';
import { useAuth } from '../../app/auth/authContext';
import { actorOf } from '../../app/viewer';
import { lookupsApi } from '../../api/lookups';
import { LookupField } from './LookupField';
import { JobDescriptionField } from './JobDescriptionField';
import { DateSlotsField } from './DateSlotsField';
import {
  CURRENCIES,
  NOTICE_PERIODS,
  REQUIREMENT_VALUES,
  WORKING_MODES,
  type CompanyOption,
  type Option,
  type ProjectFormValues,
} from './projectForm';
import { advocates, allCountries, companyUsers, findCompanies, suggest } from './projectLookups';

const F = 'portal.projectsPortal.form';

/** Every country before anything is typed; then the countries a typed name means ('UK', 'USA', 'Turkey'), best first, by the one name matcher. */
const countriesAsTyped = async (q: string, signal: AbortSignal): Promise<Option[]> =>
  q.trim()
    ? (await lookupsApi.searchCountries(q, signal)).map((c) => ({ id: String(c.id), label: c.label }))
    : allCountries();

export interface ProjectFormFieldsProps {
  values: ProjectFormValues;
  errors: Record<string, string>;
  onChange(patch: Partial<ProjectFormValues>): void;
  isAdmin: boolean;
  disabled?: boolean;
  /** Editing: the company and the internal flag are fixed once a project exists. */
  editing?: boolean;
  /** The owner is shown but fixed: only those who may delete a project hand it to another owner. */
  ownerFixed?: boolean;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="overline" color="text.secondary" sx={{ mb: 1, display: 'block' }}>
        {title}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>{children}</Box>
    </Box>
  );
}

const wide = { gridColumn: { sm: 'span 2' } };

export function ProjectFormFields({
  values,
  errors,
  onChange,
  isAdmin,
  disabled,
  editing,
  ownerFixed,
}: ProjectFormFieldsProps) {
  const err = (field: string) => errors[field];
  // Naming the advocate is a General admin's act (schema/roles.ts appointsAdvocates, the server's rule): an advocate
  // admin sees the field read-only, and the form does not send it (projectBody).
  const { viewer } = useAuth();
  const appoints = viewer ? appointsAdvocates(actorOf(viewer)) : false;
  const helper = (field: string, hint?: string) => (errors[field] ? t(errors[field]) : hint);
  const select = (
    field: 'requireSponsorVisa' | 'isRelocate' | 'workingMode' | 'noticePeriod',
    choices: readonly number[],
    enumKey: string,
    optional = false,
  ) => (
    <TextField
      select
      name={field}
      label={t(`${F}.${field}`)}
      value={values[field]}
      onChange={(e) => onChange({ [field]: e.target.value === '' ? '' : Number(e.target.value) })}
      error={!!err(field)}
      helperText={helper(field)}
      disabled={disabled}
    >
      {optional && (
        <MenuItem value="">
          <em>{t(`${F}.notSet`)}</em>
        </MenuItem>
      )}
      {choices.map((c) => (
        <MenuItem key={c} value={c}>
          {t(`portal.projectsPortal.enums.${enumKey}.${c}`)}
        </MenuItem>
      ))}
    </TextField>
  );
  const ownersKey = isAdmin ? (values.company?.id ?? '') : 'own';

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Section title={t(`${F}.sections.role`)}>
        <TextField
          name="title"
          label={t(`${F}.title`)}
          required
          autoFocus
          value={values.title}
          onChange={(e) => onChange({ title: e.target.value })}
          error={!!err('title')}
          helperText={helper('title')}
          disabled={disabled}
          slotProps={{ htmlInput: { maxLength: 160 } }}
        />
        <LookupField
          name="jobTitleId"
          label={t(`${F}.jobTitle`)}
          required
          value={values.jobTitle}
          onChange={(jobTitle) => onChange({ jobTitle })}
          search={(q, signal) => suggest('job-titles', q, signal)}
          error={err('jobTitleId')}
          disabled={disabled}
        />
        <Box sx={wide}>
          <LookupField
            multiple
            name="countries"
            label={t(`${F}.countries`)}
            required
            value={values.countries}
            onChange={(countries) => onChange({ countries })}
            search={countriesAsTyped}
            error={err('countries')}
            disabled={disabled}
          />
        </Box>
      </Section>

      <Section title={t(`${F}.sections.people`)}>
        {isAdmin && !editing && (
          <FormControlLabel
            sx={wide}
            control={
              <Checkbox
                name="internal"
                checked={values.internal}
                onChange={(e) => onChange({ internal: e.target.checked, company: null, owner: null })}
                disabled={disabled}
              />
            }
            label={t(`${F}.internal`)}
          />
        )}
        {isAdmin && !values.internal && (
          <LookupField
            name="companyId"
            label={t(`${F}.company`)}
            required
            value={values.company}
            onChange={(company) => onChange({ company: company as CompanyOption | null, owner: null })}
            search={(q, signal) => findCompanies(q, signal)}
            error={err('companyId')}
            disabled={disabled || editing}
            noOptionsText={t(`${F}.noCompanies`)}
          />
        )}
        {!values.internal && (
          <LookupField
            key={ownersKey}
            name="ownerId"
            label={t(`${F}.owner`)}
            required
            value={values.owner}
            onChange={(owner) => onChange({ owner })}
            search={(q, signal) =>
              isAdmin && !values.company ? Promise.resolve([]) : companyUsers(values.company?.id, q, signal)
            }
            error={err('ownerId')}
            helperText={
              isAdmin && !values.company ? t(`${F}.chooseCompanyFirst`) : ownerFixed ? t(`${F}.ownerFixed`) : undefined
            }
            disabled={disabled || ownerFixed || (isAdmin && !values.company)}
          />
        )}
        {isAdmin && (
          <LookupField
            name="advocateId"
            label={t(`${F}.advocate`)}
            value={values.advocate}
            onChange={(advocate) => onChange({ advocate })}
            search={(q, signal) => advocates(q, signal)}
            error={err('advocateId')}
            helperText={appoints ? undefined : t('project.errors.advocateByGeneral')}
            disabled={disabled || !appoints}
          />
        )}
        <TextField
          select
          name="projectFor"
          label={t(`${F}.projectFor`)}
          value={values.projectFor}
          onChange={(e) => onChange({ projectFor: Number(e.target.value) })}
          disabled={disabled}
        >
          <MenuItem value={0}>{t('portal.projectsPortal.enums.projectFor.0')}</MenuItem>
          <MenuItem value={1}>{t('portal.projectsPortal.enums.projectFor.1')}</MenuItem>
        </TextField>
      </Section>

      <Section title={t(`${F}.sections.requirements`)}>
        {select('requireSponsorVisa', REQUIREMENT_VALUES, 'requirement')}
        {select('isRelocate', REQUIREMENT_VALUES, 'requirement')}
        {select('workingMode', WORKING_MODES, 'workingMode', true)}
        {select('noticePeriod', NOTICE_PERIODS, 'noticePeriod', true)}
        <Box sx={wide}>
          <LookupField
            multiple
            name="requireLanguages"
            label={t(`${F}.languages`)}
            value={values.languages}
            onChange={(languages: Option[]) => onChange({ languages })}
            search={(q, signal) => suggest('languages', q, signal)}
            error={err('requireLanguages')}
            disabled={disabled}
          />
        </Box>
        <TextField
          name="headcount"
          label={t(`${F}.headcount`)}
          required
          value={values.headcount}
          onChange={(e) => onChange({ headcount: e.target.value.replace(/[^\d]/g, '') })}
          error={!!err('headcount')}
          helperText={helper('headcount')}
          disabled={disabled}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
        />
        <FormControlLabel
          control={
            <Checkbox
              name="isConfidential"
              checked={values.isConfidential}
              onChange={(e) => onChange({ isConfidential: e.target.checked })}
              disabled={disabled}
            />
          }
          label={t(`${F}.confidential`)}
        />
      </Section>

      <Section title={t(`${F}.sections.salary`)}>
        <TextField
          name="salaryMin"
          label={t(`${F}.salaryMin`)}
          required
          value={values.salaryMin}
          onChange={(e) => onChange({ salaryMin: e.target.value.replace(/[^\d,]/g, '') })}
          error={!!err('salaryMin')}
          helperText={helper('salaryMin')}
          disabled={disabled}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <TextField
          name="salaryMax"
          label={t(`${F}.salaryMax`)}
          required
          value={values.salaryMax}
          onChange={(e) => onChange({ salaryMax: e.target.value.replace(/[^\d,]/g, '') })}
          error={!!err('salaryMax')}
          helperText={helper('salaryMax')}
          disabled={disabled}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <TextField
          select
          name="salaryCurrency"
          label={t(`${F}.currency`)}
          value={values.salaryCurrency}
          onChange={(e) => onChange({ salaryCurrency: e.target.value })}
          error={!!err('salaryCurrency')}
          helperText={helper('salaryCurrency', t(`${F}.salaryHint`))}
          disabled={disabled}
        >
          {CURRENCIES.map((c) => (
            <MenuItem key={c} value={c}>
              {c}
            </MenuItem>
          ))}
        </TextField>
      </Section>

      <Section title={t(`${F}.sections.interviews`)}>
        <Box sx={wide}>
          <DateSlotsField
            slots={values.dateTimeSlots}
            errors={errors}
            onChange={(dateTimeSlots) => onChange({ dateTimeSlots })}
            disabled={disabled}
          />
        </Box>
        <TextField
          sx={wide}
          name="comments"
          label={t(`${F}.comments`)}
          multiline
          minRows={2}
          value={values.comments}
          onChange={(e) => onChange({ comments: e.target.value })}
          error={!!err('comments')}
          helperText={helper('comments')}
          disabled={disabled}
          slotProps={{ htmlInput: { maxLength: 2000 } }}
        />
      </Section>

      <Section title={t(`${F}.sections.jobDescription`)}>
        <Box sx={wide}>
          <JobDescriptionField values={values} errors={errors} onChange={onChange} disabled={disabled} />
          {err('jobDescription') && <FormHelperText error>{t(err('jobDescription') as string)}</FormHelperText>}
        </Box>
      </Section>
    </Box>
  );
}
