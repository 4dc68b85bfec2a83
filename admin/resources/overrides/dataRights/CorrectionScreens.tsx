/**
 * The correction queue: candidates' requests to correct a field only admins write, newest first.
 * Apply writes the value (the candidate's proposal unless the admin changes it) through the
 * profile's own rules, which may refuse it; decline asks for the reason the candidate reads. The
 * same actions are on a request's own page, where a phone's one-line list opens.
 */
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormHelperText,
  Stack,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Form, useRecordContext, type RaRecord } from 'react-admin';
import { entity, entityByResource, type EntityDef, type FieldDef } from '../../../../schema';
import { CORRECTABLE_FIELDS, CORRECTION_STATUS } from '../../../../schema/rules/dataExport';
import { t } from '../../../../i18n';
import { FieldDefInput } from '../../../fields/FieldInput';
import { labelOf } from '../../../fields/fieldMeta';
import { EntityList } from '../../EntityList';
import { EntityShow } from '../../EntityScreens';
import { Contained, TextDialog, useRecordAction } from '../../RecordActions';

const candidate = entity('candidate');
const registered = entityByResource('data-corrections')!;

/**
 * The request's field named by the candidate field's own label ('Reason for leaving', not its key) in
 * the table, on the page and in its title: the console reads it as a choice among the fields a
 * request may name.
 */
const def: EntityDef = {
  ...registered,
  fields: {
    ...registered.fields,
    field: {
      ...registered.fields.field,
      kind: 'enum',
      // The column holds the field's name, which is what a choice's id is matched with.
      choices: CORRECTABLE_FIELDS.map((key) => ({ id: key as unknown as number, key, label: labelOf(candidate, key) })),
    },
  },
};

/** Fields written as the profile's form writes them (a choice, yes or no, tags); the others take the text as it is. */
const OWN_INPUT = new Set<FieldDef['kind']>(['enum', 'enumList', 'boolean', 'ref', 'refList']);

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The stored value the candidate's words propose, where they name one (a choice's label, yes or no). */
function proposedValue(field: FieldDef, text: string): unknown {
  if (field.kind === 'boolean') {
    if (['yes', 'true', '1', 'on'].some((w) => same(w, text))) return true;
    if (['no', 'false', '0', 'off'].some((w) => same(w, text))) return false;
    return undefined;
  }
  if (field.kind === 'enum')
    return field.choices?.find((c) => same(c.label, text) || same(c.key, text) || same(String(c.id), text))?.id;
  if (field.kind === 'enumList' || field.kind === 'refList') return [];
  return undefined;
}

interface ApplyProps {
  record: RaRecord;
  field: FieldDef;
  busy: boolean;
  error?: string;
  onClose: () => void;
  onSubmit: (value: unknown) => void;
}

/** Apply with the candidate field's own input, so what is sent is the value the profile stores. */
function ApplyFieldDialog({ record, field, busy, error, onClose, onSubmit }: ApplyProps) {
  const name = String(record.field);
  const initial = { [name]: proposedValue(field, String(record.proposedValue ?? '')) };
  return (
    <Dialog open onClose={() => !busy && onClose()} maxWidth="xs" fullWidth>
      <DialogTitle>{t('correctionQueue.applyTitle')}</DialogTitle>
      <Form record={initial} onSubmit={(values: Record<string, unknown>) => onSubmit(values[name] ?? null)}>
        <DialogContent sx={{ pt: 0 }}>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {labelOf(def, 'proposedValue')}: {String(record.proposedValue ?? t('correctionQueue.removeValue'))}
          </Typography>
          <FieldDefInput field={field} source={name} name={name} label={labelOf(candidate, name)} />
          {error && <FormHelperText error>{error}</FormHelperText>}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy} color="inherit">
            {t('correctionQueue.back')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {t('correctionQueue.apply')}
          </Button>
        </DialogActions>
      </Form>
    </Dialog>
  );
}

type Mode = 'apply' | 'decline';

function RowActions() {
  const record = useRecordContext();
  const { busy, error, setError, post } = useRecordAction();
  const [mode, setMode] = useState<Mode>();
  const [text, setText] = useState('');
  if (!record || record.status !== CORRECTION_STATUS.open) return null;
  const id = encodeURIComponent(String(record.id));
  const field = candidate.fields[String(record.field)] as FieldDef | undefined;
  const ownInput = !!field && OWN_INPUT.has(field.kind);
  // A request with no proposed value asks for the wrong one to be removed: applying it empty does so.
  const valueLabel = record.proposedValue == null ? 'correctionQueue.removeValueLabel' : 'correctionQueue.valueLabel';
  const open = (next: Mode) => {
    setMode(next);
    setError(undefined);
    setText(next === 'apply' ? String(record.proposedValue ?? '') : '');
  };
  const send = (next: Mode, body: Record<string, unknown>) =>
    post(`/data-rights/corrections/${id}/${next}`, body, {
      done: t(next === 'apply' ? 'correctionQueue.applied' : 'correctionQueue.declined'),
      inDialog: true,
      onDone: () => setMode(undefined),
    });
  const submit = () =>
    send(mode === 'apply' ? 'apply' : 'decline', mode === 'apply' ? { value: text } : { reason: text });
  return (
    <Contained>
      <Stack direction="row" spacing={0.5}>
        <Button size="small" onClick={() => open('apply')} disabled={busy}>
          {t('correctionQueue.apply')}
        </Button>
        <Button size="small" color="warning" onClick={() => open('decline')} disabled={busy}>
          {t('correctionQueue.decline')}
        </Button>
      </Stack>
      {mode === 'apply' && ownInput ? (
        <ApplyFieldDialog
          record={record}
          field={field}
          busy={busy}
          error={error}
          onClose={() => setMode(undefined)}
          onSubmit={(value) => send('apply', { value })}
        />
      ) : (
        <TextDialog
          open={!!mode}
          busy={busy}
          title={t(mode === 'apply' ? 'correctionQueue.applyTitle' : 'correctionQueue.declineTitle')}
          label={t(mode === 'apply' ? valueLabel : 'correctionQueue.reasonLabel')}
          value={text}
          onChange={setText}
          error={error}
          back={t('correctionQueue.back')}
          submit={t(mode === 'apply' ? 'correctionQueue.apply' : 'correctionQueue.decline')}
          onClose={() => setMode(undefined)}
          onSubmit={submit}
        />
      )}
    </Contained>
  );
}

export function CorrectionQueue() {
  return <EntityList entity={def} rowActions={{ label: t('correctionQueue.actions'), render: () => <RowActions /> }} />;
}

export function CorrectionShow() {
  return <EntityShow entity={def} actions={<RowActions />} />;
}
