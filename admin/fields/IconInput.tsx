/**
 * Fields that name an icon (`display: 'icon'`): the form shows every allowed icon to pick one, lists
 * and pages draw the icon with its name beside it.
 */
import { Box, FormControl, FormHelperText, FormLabel, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { useInput, useRecordContext, type Validator } from 'react-admin';
import { t } from '../../i18n';
import { TAG_ICONS, isTagIcon, type TagIcon } from '../../schema/rules/tagIcons';
import { TAG_ICON_COMPONENTS } from './tagIcons';

export const iconLabel = (name: TagIcon) => t(`tags.icons.${name}`);

interface Props {
  source: string;
  label: string;
  validate?: Validator[];
  readOnly?: boolean;
}

export function IconInput({ source, label, validate, readOnly }: Props) {
  const { field, fieldState, isRequired } = useInput({ source, validate });
  const error = fieldState.invalid ? fieldState.error?.message : undefined;
  const current = field.value as string | null | undefined;
  return (
    <FormControl component="fieldset" error={!!error} fullWidth sx={{ mb: 2 }} data-testid={`icon-input-${source}`}>
      <FormLabel component="legend" sx={{ fontSize: 13, mb: 0.5 }}>
        {label}
        {isRequired ? ' *' : ''}
      </FormLabel>
      <Box
        role="radiogroup"
        aria-label={label}
        aria-invalid={error ? true : undefined}
        sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(40px, 1fr))', gap: 0.5 }}
      >
        {TAG_ICONS.map((name) => {
          const Icon = TAG_ICON_COMPONENTS[name];
          const chosen = current === name;
          return (
            <Tooltip key={name} title={iconLabel(name)}>
              <span>
                <IconButton
                  role="radio"
                  aria-checked={chosen}
                  aria-label={iconLabel(name)}
                  disabled={readOnly}
                  onClick={() => {
                    field.onChange(name);
                    field.onBlur();
                  }}
                  sx={{
                    width: 40,
                    height: 40,
                    borderRadius: 1,
                    border: '1px solid',
                    borderColor: chosen ? 'primary.main' : 'transparent',
                    bgcolor: chosen ? 'primary.main' : undefined,
                    color: chosen ? 'primary.contrastText' : 'text.secondary',
                    '&:hover': { bgcolor: chosen ? 'primary.dark' : 'action.hover' },
                  }}
                >
                  <Icon fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
          );
        })}
      </Box>
      <FormHelperText>
        {error ??
          (isTagIcon(current)
            ? t('tags.iconChosen', { icon: iconLabel(current) })
            : current
              ? t('tags.iconUnknown', { icon: current })
              : t('tags.iconHelp'))}
      </FormHelperText>
    </FormControl>
  );
}

/** The icon with its name; a name outside the set (older records) shows as written. */
export function IconDisplay({ source }: { source: string }) {
  const record = useRecordContext();
  const value = record?.[source] as string | null | undefined;
  if (!value) return null;
  if (!isTagIcon(value)) return <Typography variant="body2">{value}</Typography>;
  const Icon = TAG_ICON_COMPONENTS[value];
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }} data-icon={value}>
      <Icon fontSize="small" color="primary" aria-hidden />
      <Typography variant="body2" noWrap>
        {iconLabel(value)}
      </Typography>
    </Stack>
  );
}
