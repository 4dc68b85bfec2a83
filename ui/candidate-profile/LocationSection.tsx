/** Location and nationality: where the candidate lives, their citizenship, and where they would work with which right to work. */
import AddIcon from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import { Box, Button, IconButton, Paper, Tooltip } from '@mui/material';
import { useFieldArray, useWatch } from 'react-hook-form';
import { t } from '../../i18n';
import { FormSection, Row, SubHeading } from './FormSection';
import { ListError, SelectInput, TextInput } from './inputs';
import { choicesOf, labelOf } from './labels';
import { LookupInput } from './LookupInput';
import type { LookupId } from './lookups';

const MAX_PREFERRED = 10;

function PreferredLocations() {
  const { fields, append, remove } = useFieldArray({ name: 'preferredLocations' });
  const rows = (useWatch({ name: 'preferredLocations' }) ?? []) as { locationId: LookupId | null }[];
  const taken = rows.map((r) => r.locationId).filter((id): id is LookupId => id !== null && id !== undefined);
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      {fields.map((row, index) => (
        <Paper
          key={row.id}
          variant="outlined"
          sx={{ p: 2, display: 'flex', gap: 1, alignItems: 'flex-start', bgcolor: 'grey.50' }}
        >
          <Box sx={{ flex: 1, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1.4fr 1fr 1fr' } }}>
            <LookupInput
              name={`preferredLocations.${index}.locationId`}
              resource="cities"
              label={labelOf('preferredLocations.locationId')}
              required
              exclude={taken.filter((id) => id !== rows[index]?.locationId)}
            />
            <SelectInput
              name={`preferredLocations.${index}.visaType`}
              label={labelOf('preferredLocations.visaType')}
              choices={choicesOf('preferredLocations.visaType')}
            />
            <TextInput
              name={`preferredLocations.${index}.visaCategory`}
              label={labelOf('preferredLocations.visaCategory')}
              placeholder={t('talent.form.placeholders.visaCategory')}
            />
          </Box>
          <Tooltip title={t('talent.form.removeLocation')}>
            <IconButton
              onClick={() => remove(index)}
              aria-label={t('talent.form.removeLocationNamed', { n: index + 1 })}
              sx={{ mt: 1 }}
            >
              <DeleteOutline />
            </IconButton>
          </Tooltip>
        </Paper>
      ))}
      <ListError name="preferredLocations" />
      <Box>
        <Button
          startIcon={<AddIcon />}
          onClick={() => append({ locationId: null, visaType: '', visaCategory: '' })}
          disabled={fields.length >= MAX_PREFERRED}
          variant="outlined"
          size="small"
        >
          {t('talent.form.addLocation')}
        </Button>
      </Box>
    </Box>
  );
}

export function LocationSection() {
  return (
    <FormSection
      id="location"
      icon={<PlaceOutlined />}
      title={t('talent.sections.location.title')}
      description={t('talent.sections.location.description')}
    >
      <Row columns={3}>
        <LookupInput
          name="currentLocationId"
          resource="cities"
          label={labelOf('currentLocationId')}
          placeholder={t('talent.form.placeholders.city')}
        />
        <LookupInput name="citizenshipId" resource="citizenships" label={labelOf('citizenshipId')} />
        <TextInput name="visa" label={labelOf('visa')} placeholder={t('talent.form.placeholders.visa')} />
      </Row>
      <SubHeading>{t('talent.sections.location.preferred')}</SubHeading>
      <PreferredLocations />
    </FormSection>
  );
}
