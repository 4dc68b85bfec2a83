/**
 * "Export their data" on a candidate's console page: an admin produces a copy of everything held
 * about the candidate for a request received elsewhere (a letter, a call). The job prepares it and
 * emails the candidate the link; the console's data exports list shows its progress.
 */
import FolderZipOutlined from '@mui/icons-material/FolderZipOutlined';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { t } from '../../../../i18n';
import { apiCall } from '../../../providers/http';

const messageOf = (err: unknown) => {
  const body = (err as { body?: { errors?: Record<string, string> } }).body;
  const field = body?.errors && Object.entries(body.errors).find(([k]) => k !== 'root')?.[1];
  return typeof field === 'string' ? field : (err as Error).message;
};

export function ExportButton({ candidateId }: { candidateId: string }) {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const produce = async () => {
    setBusy(true);
    try {
      await apiCall('/data-rights/exports', { method: 'POST', body: { candidateId } });
      notify(t('dataExportConsole.produced'), { type: 'success' });
    } catch (err) {
      notify(messageOf(err), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="small" variant="outlined" startIcon={<FolderZipOutlined />} onClick={produce} disabled={busy}>
      {t('dataExportConsole.produce')}
    </Button>
  );
}
