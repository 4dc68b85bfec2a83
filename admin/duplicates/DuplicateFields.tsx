/**
 * The review's table: a row per field both profiles' values in words (as the server answers them), a choice per row
 * of the value that survives, and what else each profile holds. Fields empty on both sides are left out. The rows are
 * the fields the server offers (`fields`): a companion, as a salary's currency or a phone's WhatsApp, has no row of
 * its own, as it goes with its field (a salary reads with its currency). Each profile's column is headed by its name
 * and what tells it from its twin (its number and email: `sideNames`). On a phone the pair reads field by field
 * instead (DuplicateFieldsStacked.tsx): three columns do not fit its width.
 */
import { FormControlLabel, Radio, RadioGroup, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { t } from '../../i18n';
import { usePhone } from '../resources/denseTable';
import { DuplicateFieldsStacked } from './DuplicateFieldsStacked';
import { countsLine, fieldLabel, type Giver } from './pairs';
import { KeepLabel, shownFields, SIDES, type FieldsProps } from './sides';

export function DuplicateFields(props: FieldsProps) {
  const phone = usePhone();
  if (phone) return <DuplicateFieldsStacked {...props} />;
  const { pair, profiles, names, survivor, setSurvivor, givers, setGivers } = props;
  return (
    <Table size="small" aria-label={t('duplicates.review.title')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('duplicates.review.field')}</TableCell>
          {SIDES.map((g) => (
            <TableCell key={g} sx={{ overflowWrap: 'anywhere' }}>
              <FormControlLabel
                control={<Radio checked={survivor === g} onChange={() => setSurvivor(g)} />}
                label={<KeepLabel side={names[g]} />}
              />
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {shownFields({ pair, profiles }).map(({ field, values }) => (
          <TableRow key={field}>
            <TableCell component="th" scope="row">
              {fieldLabel(field)}
            </TableCell>
            <TableCell colSpan={2}>
              <RadioGroup
                row
                aria-label={fieldLabel(field)}
                value={givers[field]}
                onChange={(e) => setGivers((gs) => ({ ...gs, [field]: e.target.value as Giver }))}
              >
                {SIDES.map((g) => (
                  <FormControlLabel
                    key={g}
                    value={g}
                    control={<Radio size="small" />}
                    label={values[g] || t('duplicates.review.empty')}
                    sx={{ flex: 1, minWidth: 0, wordBreak: 'break-word' }}
                  />
                ))}
              </RadioGroup>
            </TableCell>
          </TableRow>
        ))}
        <TableRow>
          <TableCell component="th" scope="row">
            {t('duplicates.review.moves')}
          </TableCell>
          {SIDES.map((g) => (
            <TableCell key={g} data-testid={`counts-${g}`}>
              {countsLine(pair.counts[profiles[g].id])}
            </TableCell>
          ))}
        </TableRow>
      </TableBody>
    </Table>
  );
}
