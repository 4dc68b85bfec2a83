/** What the review's two layouts share (DuplicateFields.tsx, DuplicateFieldsStacked.tsx): the sides, the fields shown, a side's "Keep" label. */
import { Typography } from '@mui/material';
import type { Dispatch, SetStateAction } from 'react';
import { t } from '../../i18n';
import type { Giver, PairDetail, Profile, SideName } from './pairs';

export const SIDES = ['first', 'second'] as const;

export interface FieldsProps {
  pair: PairDetail;
  profiles: Record<Giver, Profile>;
  names: Record<Giver, SideName>;
  survivor: Giver;
  setSurvivor: (g: Giver) => void;
  givers: Record<string, Giver>;
  setGivers: Dispatch<SetStateAction<Record<string, Giver>>>;
}

/** The fields with a value on either side, each with both sides' values in words. */
export function shownFields({ pair, profiles }: Pick<FieldsProps, 'pair' | 'profiles'>) {
  const textOf = (g: Giver, field: string) => pair.texts[profiles[g].id]?.[field] ?? '';
  return pair.fields
    .map((field) => ({ field, values: { first: textOf('first', field), second: textOf('second', field) } }))
    .filter(({ values }) => values.first || values.second);
}

/** "Keep <name>" over what tells the profile apart, as a choice's label. */
export const KeepLabel = ({ side }: { side: SideName }) => (
  <>
    {t('duplicates.review.keepSide', { name: side.name })}{' '}
    <Typography component="span" variant="caption" sx={{ display: 'block', color: 'text.secondary' }}>
      {side.detail}
    </Typography>
  </>
);
