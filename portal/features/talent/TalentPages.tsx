/**
 * Admin talent pages: /talent (optionally ?status=0 pending), /talent/:id, /talent/add and
 * /talent/edit/:id. The curated talent views arrive with the talent capability; meanwhile the
 * console lists every candidate.
 */
import PersonSearchOutlined from '@mui/icons-material/PersonSearchOutlined';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import PersonAddAltOutlined from '@mui/icons-material/PersonAddAltOutlined';
import EditNoteOutlined from '@mui/icons-material/EditNoteOutlined';
import { Button } from '@mui/material';
import { useSearchParams } from 'react-router-dom';
import { CONSOLE } from '../../app/paths';
import { UpcomingScreen } from '../../components/UpcomingScreen';
import { t } from '../../i18n';

const consoleListFor = (status: string | null) => (status === '0' ? CONSOLE.pendingCuration : status === '4' ? CONSOLE.pendingActivation : CONSOLE.talent);

function ConsoleButton({ to }: { to: string }) {
  return (
    <Button href={to} variant="contained">
      {t('portal.screens.talent.openConsole')}
    </Button>
  );
}

export function TalentListPage() {
  const [params] = useSearchParams();
  const status = params.get('status');
  const title = status === '0' ? t('portal.nav.pendingCuration') : status === '4' ? t('portal.nav.pendingActivation') : undefined;
  return <UpcomingScreen id="talent" icon={<PersonSearchOutlined />} title={title} action={<ConsoleButton to={consoleListFor(status)} />} />;
}

export function TalentViewPage() {
  return <UpcomingScreen id="talentView" icon={<BadgeOutlined />} action={<ConsoleButton to={CONSOLE.talent} />} />;
}

export function TalentAddPage() {
  return <UpcomingScreen id="talentAdd" icon={<PersonAddAltOutlined />} />;
}

export function TalentEditPage() {
  return <UpcomingScreen id="talentEdit" icon={<EditNoteOutlined />} action={<ConsoleButton to={CONSOLE.talent} />} />;
}
