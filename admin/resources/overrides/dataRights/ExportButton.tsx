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
import { apiCall, failureMessage } from '../../../providers/http';

export function ExportButton({ candidateId }: { candidateId: string }) {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const produce = async () => {
    setBusy(true);
    try {
      await apiCall('/data-rights/exports', { method: 'POST', body: { candidateId } });
      notify(t('dataExportConsole.produced'), { type: 'success' });
    } catch (err) {
      notify(failureMessage(err), { type: 'error' });
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
