/**
 * The review's table: a row per field both profiles' values in words (as the server answers them), a choice per row
 * of the value that survives, and what else each profile holds. Fields empty on both sides are left out. The rows are
 * the fields the server offers (`fields`): a companion, as a salary's currency or a phone's WhatsApp, has no row of
 * its own, as it goes with its field (a salary reads with its currency).
 */
import { FormControlLabel, Radio, RadioGroup, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import type { Dispatch, SetStateAction } from 'react';
import { t } from '../../i18n';
import { entity } from '../../schema';
import { countsLine, type Giver, type PairDetail, type Profile } from './pairs';

const candidate = entity('candidate');
const label = (field: string) => candidate.fields[field]?.label ?? field;
const SIDES = ['first', 'second'] as const;

interface Props {
  pair: PairDetail;
  profiles: Record<Giver, Profile>;
  survivor: Giver;
  setSurvivor: (g: Giver) => void;
  givers: Record<string, Giver>;
  setGivers: Dispatch<SetStateAction<Record<string, Giver>>>;
}

export function DuplicateFields({ pair, profiles, survivor, setSurvivor, givers, setGivers }: Props) {
  const textOf = (g: Giver, field: string) => pair.texts[profiles[g].id]?.[field] ?? '';
  return (
    <Table size="small" aria-label={t('duplicates.review.title')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('duplicates.review.field')}</TableCell>
          {SIDES.map((g) => (
            <TableCell key={g}>
              <FormControlLabel
                control={<Radio checked={survivor === g} onChange={() => setSurvivor(g)} />}
                label={`${t('duplicates.review.keep')} ${profiles[g].name ?? profiles[g].id}`}
              />
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {pair.fields.map((field) => {
          const values = { first: textOf('first', field), second: textOf('second', field) };
          if (!values.first && !values.second) return null;
          return (
            <TableRow key={field}>
              <TableCell component="th" scope="row">
                {label(field)}
              </TableCell>
              <TableCell colSpan={2}>
                <RadioGroup
                  row
                  aria-label={label(field)}
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
          );
        })}
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
