/** Job search: the roles looked for, employment types, situation, pay, notice period and remote work. */
import WorkOutline from '@mui/icons-material/WorkOutline';
import { Box } from '@mui/material';
import { useEffect } from 'react';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import {
  MAX_JOB_TITLES,
  NOTICE_MONTHS_MAX,
  NOTICE_PERIOD_TYPES,
  SALARY_CURRENCIES,
} from '../../schema/entities/talentOptions';
import { t } from '../../i18n';
import { DayField } from '../components/DayField';
import { FormSection, Row } from './FormSection';
import { ChipsInput, SelectInput, TextInput, YesNoInput } from './inputs';
import { choicesOf, labelOf } from './labels';
import { LookupInput } from './LookupInput';

const CURRENCIES = SALARY_CURRENCIES.map((c) => ({ id: c, label: c }));
const MONTHS = Array.from({ length: NOTICE_MONTHS_MAX }, (_, i) => ({
  id: String(i + 1),
  label: t('talent.form.months', { n: i + 1 }),
}));

function Money({ amount, currency }: { amount: string; currency: string }) {
  return (
    // On a phone the currency goes under the amount: beside it, it would leave the amount's label too narrow to read.
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(0, 1fr) 110px' },
        gap: { xs: 2, sm: 1 },
      }}
    >
      <TextInput
        name={amount}
        label={labelOf(amount)}
        required={amount === 'expectedSalary'}
        inputMode="numeric"
        helperText={t('talent.form.monthlyHelp')}
      />
      <SelectInput name={currency} label={t('talent.form.currency')} choices={CURRENCIES} required />
    </Box>
  );
}

/** The option input that fits the notice period's type: months, a date, or nothing. */
function NoticeOption() {
  const { setValue, getValues } = useFormContext();
  const type = useWatch({ name: 'noticePeriod.type' }) as number | '';
  useEffect(() => {
    // Immediate means option 0; unsure has none (spec section 3). A value typed for another type goes.
    const option = String(getValues('noticePeriod.option') ?? '');
    const next =
      type === NOTICE_PERIOD_TYPES.immediate
        ? '0'
        : type === NOTICE_PERIOD_TYPES.unsure || type === ''
          ? ''
          : undefined;
    const wrongShape =
      (type === NOTICE_PERIOD_TYPES.months && !/^\d{1,2}$/.test(option)) ||
      (type === NOTICE_PERIOD_TYPES.specificDate && !/^\d{4}-\d{2}-\d{2}$/.test(option));
    if (next !== undefined && option !== next) setValue('noticePeriod.option', next);
    else if (wrongShape && option !== '') setValue('noticePeriod.option', '');
  }, [type, getValues, setValue]);
  if (type === NOTICE_PERIOD_TYPES.months)
    return <SelectInput name="noticePeriod.option" label={t('talent.form.noticeMonths')} choices={MONTHS} required />;
  if (type === NOTICE_PERIOD_TYPES.specificDate) return <NoticeDate />;
  return null;
}

/**
 * The day the candidate is free from, written as the product writes dates ('2 Dec 2026') in any browser language.
 * Text that reads as no day becomes the option, so the profile's rules refuse to save it.
 */
function NoticeDate() {
  const { field, fieldState } = useController({ name: 'noticePeriod.option' });
  return (
    <DayField
      name={field.name}
      inputRef={field.ref}
      label={t('talent.form.noticeDate')}
      value={(field.value as string | null) ?? ''}
      onChange={field.onChange}
      onUnreadable={field.onChange}
      onBlur={field.onBlur}
      required
      size="medium"
      error={!!fieldState.error}
      helperText={fieldState.error?.message}
    />
  );
}

export function JobSearchSection() {
  return (
    <FormSection
      id="job-search"
      icon={<WorkOutline />}
      title={t('talent.sections.jobSearch.title')}
      description={t('talent.sections.jobSearch.description')}
    >
      <LookupInput
        name="jobTitleLookingFor"
        resource="job-titles"
        label={labelOf('jobTitleLookingFor')}
        multiple
        required
        helperText={t('talent.form.jobTitlesHelp', { max: MAX_JOB_TITLES })}
        placeholder={t('talent.form.placeholders.jobTitle')}
      />
      <ChipsInput
        name="typeOfEmployment"
        label={labelOf('typeOfEmployment')}
        choices={choicesOf('typeOfEmployment')}
        required
      />
      <ChipsInput name="candidateStatus" label={labelOf('candidateStatus')} choices={choicesOf('candidateStatus')} />
      <Row>
        <Money amount="expectedSalary" currency="expectedSalaryCurrency" />
        <Money amount="currentSalary" currency="currentSalaryCurrency" />
      </Row>
      <Row columns={3}>
        <SelectInput
          name="noticePeriod.type"
          label={labelOf('noticePeriod')}
          choices={choicesOf('noticePeriod.type')}
          required
        />
        <NoticeOption />
        <YesNoInput
          name="workingRemotely"
          label={labelOf('workingRemotely')}
          yes={t('talent.form.yes')}
          no={t('talent.form.no')}
          unset={t('talent.form.notGiven')}
        />
      </Row>
    </FormSection>
  );
}
