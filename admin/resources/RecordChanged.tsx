/**
 * An edit form whose record is read again while the admin edits it: react-admin's Refresh in the app bar, or any other
 * read of the record (a Reload after a refused save). react-admin's `warnWhenUnsavedChanges` asks before the page is
 * left (its links, the browser's reload or close), but a record read again in place reset the form to it, and what the
 * admin typed went without a word. The console's edit forms reset with `keepEditsOver` (react-hook-form's
 * `keepDirtyValues`): the fields the admin changed keep their values, the others take the record as it is now, its
 * `updatedAt` too (so a save is not refused as stale, and writes only what the admin changed over the new version).
 * A version this console's own save wrote resets the form as react-admin does (providers/writtenVersions.ts). When the
 * record moved to a version written elsewhere, `RecordChangedNotice` says it changed on the server, with Discard my
 * changes (the server's version whole) while edits are kept. Inside every generated edit form (EntityForm.tsx) and
 * the talent form.
 */
import CloseIcon from '@mui/icons-material/Close';
import { Alert, AlertTitle, Box, Button, IconButton } from '@mui/material';
import { useState } from 'react';
import { useEditContext, useResourceContext, type RaRecord } from 'react-admin';
import { useFormContext, useFormState } from 'react-hook-form';
import { t } from '../../i18n';
import { wroteVersion } from '../providers/writtenVersions';

/** A constant: react-admin's reset effect depends on it. */
export const KEEP_EDITS = { keepDirtyValues: true };

/**
 * The reset options of an edit form of `record` (react-admin's `resetOptions`): keep the admin's changes over a record
 * read again, except over the version their own save wrote, which takes them in (and leaves the form clean to leave).
 */
export const keepEditsOver = (resource: string | undefined, record: RaRecord | undefined) =>
  wroteVersion(resource, record) ? undefined : KEEP_EDITS;

interface Seen {
  id: unknown;
  version: unknown;
}

/** Says the record changed on the server after the form was filled from it; nothing while it has not. */
export function RecordChangedNotice() {
  const { record } = useEditContext();
  const resource = useResourceContext();
  const { reset } = useFormContext();
  const { dirtyFields, defaultValues } = useFormState();
  const now: Seen = { id: record?.id, version: record?.updatedAt };
  const [seen, setSeen] = useState<Seen>(now);
  const moved = now.id === seen.id && now.version !== seen.version;
  // Another record, or the version the admin's own save wrote: nothing changed under them.
  const own = moved && wroteVersion(resource, record);
  if (now.id !== seen.id || own) setSeen(now);
  if (!moved || own) return null;
  const edited = Object.keys(dirtyFields).length > 0;
  const accept = () => setSeen(now);
  return (
    <Alert
      role="status"
      severity="warning"
      sx={{ width: '100%', boxSizing: 'border-box', mb: 1 }}
      action={
        edited ? undefined : (
          <IconButton
            color="inherit"
            size="small"
            aria-label={t('admin.recordChanged.dismiss')}
            onClick={accept}
            sx={{ width: 40, height: 40 }}
          >
            <CloseIcon fontSize="small" />
          </IconButton>
        )
      }
    >
      <AlertTitle>{t('admin.recordChanged.title')}</AlertTitle>
      {edited ? t('admin.recordChanged.kept') : t('admin.recordChanged.shown')}
      {edited && (
        <Box sx={{ mt: 1 }}>
          <Button
            color="inherit"
            variant="outlined"
            size="small"
            sx={{ minHeight: 40 }}
            onClick={() => {
              reset(defaultValues);
              accept();
            }}
          >
            {t('admin.recordChanged.discard')}
          </Button>
        </Box>
      )}
    </Alert>
  );
}
