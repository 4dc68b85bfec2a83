/**
 * Fields that name an icon (`display: 'icon'`): the form shows every allowed icon to pick one, lists
 * and pages draw the icon with its name beside it. The icons are one radio group: a single Tab stop (the chosen
 * icon, else the first), the arrow keys (and Home, End) move to and choose another; its error reads as every
 * input's does (react-admin's ValidationError translates the validators' messages).
 */
import { Box, FormControl, FormHelperText, FormLabel, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { useRef, type KeyboardEvent } from 'react';
import { useInput, useRecordContext, ValidationError, type Validator } from 'react-admin';
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
  const group = useRef<HTMLDivElement>(null);
  const chosenAt = TAG_ICONS.findIndex((name) => name === current);
  const tabStop = chosenAt >= 0 ? chosenAt : 0;
  const choose = (name: TagIcon) => {
    field.onChange(name);
    field.onBlur();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (readOnly) return;
    const radios = [...(group.current?.querySelectorAll<HTMLElement>('[role="radio"]') ?? [])];
    const focused = radios.findIndex((radio) => radio === event.target);
    const from = focused >= 0 ? focused : tabStop;
    const last = TAG_ICONS.length - 1;
    const to = {
      ArrowRight: from + 1,
      ArrowDown: from + 1,
      ArrowLeft: from - 1,
      ArrowUp: from - 1,
      Home: 0,
      End: last,
    }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    // Past either end the choice wraps round, as a native radio group's does.
    const next = (to + TAG_ICONS.length) % TAG_ICONS.length;
    choose(TAG_ICONS[next]);
    radios[next]?.focus();
  };
  return (
    <FormControl component="fieldset" error={!!error} fullWidth sx={{ mb: 2 }} data-testid={`icon-input-${source}`}>
      <FormLabel component="legend" sx={{ fontSize: 13, mb: 0.5 }}>
        {label}
        {isRequired ? ' *' : ''}
      </FormLabel>
      <Box
        ref={group}
        role="radiogroup"
        aria-label={label}
        onKeyDown={onKeyDown}
        aria-invalid={error ? true : undefined}
        sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(40px, 1fr))', gap: 0.5 }}
      >
        {TAG_ICONS.map((name, index) => {
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
                  tabIndex={index === tabStop ? 0 : -1}
                  onClick={() => choose(name)}
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
        {error ? (
          <ValidationError error={error} />
        ) : isTagIcon(current) ? (
          t('tags.iconChosen', { icon: iconLabel(current) })
        ) : current ? (
          t('tags.iconUnknown', { icon: current })
        ) : (
          t('tags.iconHelp')
        )}
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
