/**
 * The review on a phone, field by field: first which profile is kept (each named with what tells it from its twin),
 * then each field's name over both profiles' values, each value its own full-width choice marked with its profile's
 * number, and last what else each profile holds. Nothing is wider than the screen: long values wrap at any character.
 */
import { Box, FormControlLabel, Radio, RadioGroup, Stack, Typography } from '@mui/material';
import { t } from '../../i18n';
import { countsLine, fieldLabel, type Giver } from './pairs';
import { KeepLabel, shownFields, SIDES, type FieldsProps } from './sides';

const CHOICE_SX = { m: 0, minHeight: 44, minWidth: 0, overflowWrap: 'anywhere', alignItems: 'center' } as const;

export function DuplicateFieldsStacked({
  pair,
  profiles,
  names,
  survivor,
  setSurvivor,
  givers,
  setGivers,
}: FieldsProps) {
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <RadioGroup
        aria-label={t('duplicates.review.kept')}
        value={survivor}
        onChange={(e) => setSurvivor(e.target.value as Giver)}
        sx={{ gap: 1 }}
      >
        {SIDES.map((g) => (
          <FormControlLabel
            key={g}
            value={g}
            control={<Radio />}
            label={<KeepLabel side={names[g]} />}
            sx={{ ...CHOICE_SX, border: 1, borderColor: 'divider', borderRadius: 1, pr: 1 }}
          />
        ))}
      </RadioGroup>
      {shownFields({ pair, profiles }).map(({ field, values }) => (
        <Box key={field} sx={{ borderTop: 1, borderColor: 'divider', pt: 1 }}>
          <Typography variant="subtitle2" component="p">
            {fieldLabel(field)}
          </Typography>
          <RadioGroup
            aria-label={fieldLabel(field)}
            value={givers[field]}
            onChange={(e) => setGivers((gs) => ({ ...gs, [field]: e.target.value as Giver }))}
          >
            {SIDES.map((g) => (
              <Stack key={g} direction="row" sx={{ alignItems: 'center', gap: 1, minWidth: 0 }}>
                <Typography variant="caption" sx={{ color: 'text.secondary', minWidth: 44, flexShrink: 0 }}>
                  {names[g].number}
                </Typography>
                <FormControlLabel
                  value={g}
                  control={<Radio />}
                  label={values[g] || t('duplicates.review.empty')}
                  sx={{ ...CHOICE_SX, flex: 1 }}
                />
              </Stack>
            ))}
          </RadioGroup>
        </Box>
      ))}
      <Box sx={{ borderTop: 1, borderColor: 'divider', pt: 1 }}>
        <Typography variant="subtitle2" component="p">
          {t('duplicates.review.moves')}
        </Typography>
        {SIDES.map((g) => (
          <Typography key={g} variant="body2" data-testid={`counts-${g}`} sx={{ overflowWrap: 'anywhere' }}>
            {`${names[g].number}: ${countsLine(pair.counts[profiles[g].id])}`}
          </Typography>
        ))}
      </Box>
    </Stack>
  );
}
