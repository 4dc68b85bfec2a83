/** The special Hong Kong candidate's identity documents and local address, shown when the profile is flagged so. */
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import { Typography } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { t } from '../../i18n';
import { FormSection, Row } from './FormSection';
import { SwitchInput, TextInput } from './inputs';
import { labelOf } from './labels';

/** `canFlag`: admins turn the flag on and off; the candidate only fills the fields in. */
export function HongKongSection({ canFlag }: { canFlag: boolean }) {
  const flagged = useWatch({ name: 'isSpecialHkCandidate' }) === true;
  if (!flagged && !canFlag) return null;
  return (
    <FormSection
      id="hong-kong"
      icon={<BadgeOutlined />}
      title={t('talent.sections.hongKong.title')}
      description={t('talent.sections.hongKong.description')}
    >
      {canFlag && <SwitchInput name="isSpecialHkCandidate" label={labelOf('isSpecialHkCandidate')} />}
      {flagged ? (
        <>
          <Row>
            <TextInput
              name="hkId"
              label={labelOf('hkId')}
              required
              placeholder="A123456(7)"
              helperText={t('talent.form.hkIdHelp')}
            />
            <TextInput name="hkPassport" label={labelOf('hkPassport')} required />
          </Row>
          <TextInput name="hkAddress" label={labelOf('hkAddress')} autoComplete="street-address" />
          <Row columns={4}>
            <TextInput name="hkCity" label={labelOf('hkCity')} autoComplete="address-level2" />
            <TextInput name="hkState" label={labelOf('hkState')} autoComplete="address-level1" />
            <TextInput name="hkCountry" label={labelOf('hkCountry')} autoComplete="country-name" />
            <TextInput name="hkZip" label={labelOf('hkZip')} autoComplete="postal-code" />
          </Row>
        </>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('talent.sections.hongKong.off')}
        </Typography>
      )}
    </FormSection>
  );
}
