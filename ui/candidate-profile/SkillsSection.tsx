/**
 * Skills (up to 5 highlighted with a star) and languages with their level. Each skill is a list item with two buttons,
 * both named by the skill: highlight (a toggle) and remove (RemovableChip).
 */
import AddIcon from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import PsychologyOutlined from '@mui/icons-material/PsychologyOutlined';
import Star from '@mui/icons-material/Star';
import StarBorder from '@mui/icons-material/StarBorder';
import { Box, Button, IconButton, Paper, Stack, Tooltip, Typography } from '@mui/material';
import { useRef, useState } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { MAX_STARRED_SKILLS } from '../../schema/entities/talentOptions';
import { t } from '../../i18n';
import { RemovableChip } from '../components/RemovableChip';
import { FormSection, SubHeading } from './FormSection';
import { ListError, SelectInput } from './inputs';
import { choicesOf, labelOf } from './labels';
import { LookupInput, LookupPicker, useChosen } from './LookupInput';
import type { LookupId } from './lookups';

interface SkillRow {
  skillId: LookupId;
  isStar: boolean;
}

/** Picking a skill adds it to the list; the picker then clears for the next one. */
function AddSkill({ taken, onAdd }: { taken: LookupId[]; onAdd(id: LookupId): void }) {
  return (
    <LookupPicker
      resource="skills"
      label={t('talent.form.addSkill')}
      placeholder={t('talent.form.placeholders.skill')}
      exclude={taken}
      value={[]}
      onChange={(ids) => ids[0] !== undefined && onAdd(ids[0])}
    />
  );
}

function Skills() {
  const { control, trigger } = useFormContext();
  const { fields, append, remove, update } = useFieldArray({ control, name: 'skills' });
  const rows = (useWatch({ name: 'skills' }) ?? []) as SkillRow[];
  const names = useChosen(
    'skills',
    rows.map((r) => r.skillId),
  );
  const starred = rows.filter((r) => r.isStar).length;
  const changed = () => void trigger('skills');
  const adder = useRef<HTMLDivElement>(null);
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <div ref={adder}>
        <AddSkill
          taken={rows.map((r) => r.skillId)}
          onAdd={(skillId) => {
            append({ skillId, isStar: false });
            changed();
          }}
        />
      </div>
      {fields.length > 0 && (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} aria-label={labelOf('skills')} role="list">
          {fields.map((field, index) => {
            const row = rows[index] ?? (field as unknown as SkillRow);
            const name = names[index]?.name ?? t('talent.form.loadingName');
            const star = t(row.isStar ? 'talent.form.unhighlightSkill' : 'talent.form.highlightSkill', { name });
            return (
              <RemovableChip
                key={field.id}
                role="listitem"
                label={name}
                color={row.isStar ? 'primary' : 'default'}
                variant={row.isStar ? 'filled' : 'outlined'}
                // By touch the star and the remove button answer a tap 40px around (ui/theme.ts): a wider label keeps
                // the two areas apart even for a skill of one letter.
                sx={{ '@media (pointer: coarse)': { '& .MuiChip-label': { px: 2.5 } } }}
                icon={
                  <Tooltip title={star}>
                    <IconButton
                      size="small"
                      aria-label={star}
                      aria-pressed={row.isStar}
                      onClick={() => {
                        update(index, { ...row, isStar: !row.isStar });
                        changed();
                      }}
                      sx={{ p: 0.25, color: 'inherit !important' }}
                    >
                      {row.isStar ? <Star fontSize="small" /> : <StarBorder fontSize="small" />}
                    </IconButton>
                  </Tooltip>
                }
                removeLabel={t('talent.form.removeSkill', { name })}
                onLastRemoved={() => adder.current?.querySelector('input')?.focus()}
                onRemove={() => {
                  remove(index);
                  changed();
                }}
              />
            );
          })}
        </Stack>
      )}
      <Typography
        variant="body2"
        color={starred > MAX_STARRED_SKILLS ? 'error' : 'text.secondary'}
        data-testid="starred-count"
      >
        {fields.length === 0
          ? t('talent.form.noSkills')
          : t('talent.form.starredCount', { n: starred, max: MAX_STARRED_SKILLS })}
      </Typography>
      <ListError name="skills" />
    </Box>
  );
}

function Languages() {
  const { fields, append, remove } = useFieldArray({ name: 'languages' });
  const rows = (useWatch({ name: 'languages' }) ?? []) as { languageId: LookupId | null }[];
  const taken = rows.map((r) => r.languageId).filter((id): id is LookupId => id !== null);
  const [levels] = useState(() => choicesOf('languages.level'));
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      {fields.map((field, index) => (
        <Paper
          key={field.id}
          variant="outlined"
          sx={{ p: 2, display: 'flex', gap: 1, alignItems: 'flex-start', bgcolor: 'grey.50' }}
        >
          <Box sx={{ flex: 1, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1.4fr 1fr' } }}>
            <LookupInput
              name={`languages.${index}.languageId`}
              resource="languages"
              label={labelOf('languages.languageId')}
              required
              exclude={taken.filter((id) => id !== rows[index]?.languageId)}
            />
            <SelectInput
              name={`languages.${index}.level`}
              label={labelOf('languages.level')}
              choices={levels}
              required
            />
          </Box>
          <IconButton
            onClick={() => remove(index)}
            aria-label={t('talent.form.removeLanguageNamed', { n: index + 1 })}
            sx={{ mt: 1 }}
          >
            <DeleteOutline />
          </IconButton>
        </Paper>
      ))}
      <ListError name="languages" />
      <Box>
        <Button
          startIcon={<AddIcon />}
          variant="outlined"
          size="small"
          onClick={() => append({ languageId: null, level: '' })}
        >
          {t('talent.form.addLanguage')}
        </Button>
      </Box>
    </Box>
  );
}

export function SkillsSection() {
  return (
    <FormSection
      id="skills"
      icon={<PsychologyOutlined />}
      title={t('talent.sections.skills.title')}
      description={t('talent.sections.skills.description', { max: MAX_STARRED_SKILLS })}
    >
      <Skills />
      <SubHeading>{t('talent.sections.skills.languages')}</SubHeading>
      <Languages />
    </FormSection>
  );
}
