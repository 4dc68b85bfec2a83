/** Experience and education: lists of entries, each with its own card; new entries go on top (newest first). */
import AddIcon from '@mui/icons-material/Add';
import BusinessCenterOutlined from '@mui/icons-material/BusinessCenterOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import SchoolOutlined from '@mui/icons-material/SchoolOutlined';
import { Box, Button, IconButton, Paper, Stack, TextField, Tooltip, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useController, useFieldArray, useWatch } from 'react-hook-form';
import { EDUCATION_MIN_YEAR, EDUCATION_YEARS_AHEAD, EXPERIENCE_MIN_DATE } from '../../schema/entities/talentOptions';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { t } from '../../i18n';
import { FormSection, Row } from './FormSection';
import { growingLines, ListError, SwitchInput, TextInput } from './inputs';
import { labelOf } from './labels';
import { LookupInput } from './LookupInput';
import { itemValueOf, type Item } from './profileFields';
import { localToday } from '../../schema/rules/candidate';

/** The reader's own month, as the form's rules read today (localToday). */
const thisMonth = () => localToday().date.slice(0, 7);

/** A month picker over a YYYY-MM-DD value (experience dates are months: spec 'MMM YYYY', from 1950-01). */
function MonthInput({
  name,
  label,
  required,
  disabled,
}: {
  name: string;
  label: string;
  required?: boolean;
  disabled?: boolean;
}) {
  const { field, fieldState } = useController({ name });
  const value = typeof field.value === 'string' ? field.value.slice(0, 7) : '';
  return (
    <TextField
      type="month"
      name={field.name}
      inputRef={field.ref}
      label={label}
      required={required}
      disabled={disabled}
      value={value}
      onChange={(e) => field.onChange(e.target.value ? `${e.target.value}-01` : '')}
      onBlur={field.onBlur}
      error={!!fieldState.error}
      helperText={fieldState.error?.message}
      fullWidth
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { min: EXPERIENCE_MIN_DATE.slice(0, 7), max: thisMonth() },
      }}
    />
  );
}

function ExperienceFields({ index }: { index: number }) {
  const path = `experiences.${index}`;
  const current = useWatch({ name: `${path}.currentPosition` }) === true;
  return (
    <>
      <Row>
        <TextInput name={`${path}.title`} label={labelOf('experiences.title')} required />
        <TextInput name={`${path}.company`} label={labelOf('experiences.company')} required />
      </Row>
      <Row columns={3}>
        <LookupInput name={`${path}.countryId`} resource="countries" label={labelOf('experiences.countryId')} />
        <TextInput name={`${path}.location`} label={labelOf('experiences.location')} />
        <LookupInput name={`${path}.industryId`} resource="industries" label={labelOf('experiences.industryId')} />
      </Row>
      <Row columns={3}>
        <MonthInput name={`${path}.startDate`} label={labelOf('experiences.startDate')} required />
        <MonthInput name={`${path}.endDate`} label={labelOf('experiences.endDate')} disabled={current} />
        <Box sx={{ pt: 2.5 }}>
          <SwitchInput name={`${path}.currentPosition`} label={labelOf('experiences.currentPosition')} />
        </Box>
      </Row>
      <TextInput name={`${path}.description`} label={labelOf('experiences.description')} {...growingLines(2, 8)} />
    </>
  );
}

function EducationFields({ index }: { index: number }) {
  const path = `educations.${index}`;
  const year = localToday().year;
  const years = `${EDUCATION_MIN_YEAR}–${year + EDUCATION_YEARS_AHEAD}`;
  return (
    <>
      <Row>
        <TextInput name={`${path}.institute`} label={labelOf('educations.institute')} required />
        <TextInput name={`${path}.degree`} label={labelOf('educations.degree')} />
      </Row>
      <Row columns={3}>
        <TextInput name={`${path}.fieldOfStudy`} label={labelOf('educations.fieldOfStudy')} />
        <TextInput
          name={`${path}.startYear`}
          label={labelOf('educations.startYear')}
          inputMode="numeric"
          placeholder={String(year - 4)}
          helperText={years}
        />
        <TextInput
          name={`${path}.endYear`}
          label={labelOf('educations.endYear')}
          inputMode="numeric"
          placeholder={String(year)}
          helperText={years}
        />
      </Row>
      <TextInput name={`${path}.description`} label={labelOf('educations.description')} {...growingLines(2, 8)} />
    </>
  );
}

const hasContent = (item: Item | undefined) =>
  Object.values(item ?? {}).some((v) => v !== '' && v !== null && v !== false && !(Array.isArray(v) && v.length === 0));

function Entries({
  list,
  kind,
  Fields,
}: {
  list: 'experiences' | 'educations';
  kind: string;
  Fields: (p: { index: number }) => ReactNode;
}) {
  const { fields, prepend, remove } = useFieldArray({ name: list });
  const rows = (useWatch({ name: list }) ?? []) as Item[];
  const [removing, setRemoving] = useState<number>();
  const titleOf = (item: Item | undefined) => {
    const parts = list === 'experiences' ? [item?.title, item?.company] : [item?.institute, item?.degree];
    return parts.filter(Boolean).join(' · ') || t(`talent.form.new.${kind}`);
  };
  const ask = (index: number) => (hasContent(rows[index]) ? setRemoving(index) : remove(index));
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box>
        <Button startIcon={<AddIcon />} variant="outlined" size="small" onClick={() => prepend(itemValueOf(list))}>
          {t(`talent.form.add.${kind}`)}
        </Button>
      </Box>
      {fields.length === 0 && (
        <Typography color="text.secondary" variant="body2">
          {t(`talent.form.none.${kind}`)}
        </Typography>
      )}
      {fields.map((field, index) => (
        <Paper key={field.id} variant="outlined" sx={{ p: 2, display: 'grid', gap: 2 }} data-testid={`${kind}-entry`}>
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
            <Typography variant="subtitle2" component="h3">
              {titleOf(rows[index])}
            </Typography>
            <Tooltip title={t(`talent.form.remove.${kind}`)}>
              <IconButton
                onClick={() => ask(index)}
                aria-label={t(`talent.form.removeNamed.${kind}`, { name: titleOf(rows[index]) })}
              >
                <DeleteOutline />
              </IconButton>
            </Tooltip>
          </Stack>
          <Fields index={index} />
        </Paper>
      ))}
      <ListError name={list} />
      <ConfirmDialog
        open={removing !== undefined}
        title={t(`talent.form.removeTitle.${kind}`)}
        message={t('talent.form.removeMessage', { name: titleOf(removing === undefined ? undefined : rows[removing]) })}
        confirmLabel={t('talent.form.removeConfirm')}
        destructive
        onClose={() => setRemoving(undefined)}
        onConfirm={() => {
          if (removing !== undefined) remove(removing);
          setRemoving(undefined);
        }}
      />
    </Box>
  );
}

export function ExperienceSection() {
  return (
    <FormSection
      id="experience"
      icon={<BusinessCenterOutlined />}
      title={t('talent.sections.experience.title')}
      description={t('talent.sections.experience.description')}
    >
      <Entries list="experiences" kind="experience" Fields={ExperienceFields} />
    </FormSection>
  );
}

export function EducationSection() {
  return (
    <FormSection
      id="education"
      icon={<SchoolOutlined />}
      title={t('talent.sections.education.title')}
      description={t('talent.sections.education.description')}
    >
      <Entries list="educations" kind="education" Fields={EducationFields} />
    </FormSection>
  );
}
