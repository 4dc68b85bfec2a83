/** /talent/add and /talent/edit/:id: the talent form in react-admin's create and edit controllers. */
import { Create, Edit, useBasename, useNavigate, useNotify, useRecordContext, type RaRecord } from 'react-admin';
import { t } from '../../../../i18n';
import { toPayload } from '../../../../ui/candidate-profile/profileFields';
import { useDocumentTitle } from '../../../layout/useDocumentTitle';
import { TalentForm } from './TalentForm';
import { talentPaths } from './talentPaths';

const transform = (data: Record<string, unknown>) => toPayload(data, 'admin');

function AddTitle() {
  const title = t('talent.admin.addTitle');
  useDocumentTitle(title);
  return <>{title}</>;
}

function EditTitle() {
  const record = useRecordContext();
  const title = record
    ? t('talent.admin.editTitle', { name: String(record.name ?? '') })
    : t('talent.admin.editTitleBare');
  useDocumentTitle(title);
  return <>{title}</>;
}

const CARD = { '& .RaCreate-card, & .RaEdit-card': { bgcolor: 'transparent', border: 0, overflow: 'visible' } };

/** After saving: a notice in the product's words, then the profile. */
function useSaved(messageKey: string) {
  const notify = useNotify();
  const navigate = useNavigate();
  const basename = useBasename();
  return {
    onSuccess: (data: RaRecord) => {
      notify(t(messageKey), { type: 'success' });
      navigate(`${basename}${talentPaths.show(data.id)}`);
    },
  };
}

export function TalentCreate() {
  const saved = useSaved('talent.admin.created');
  return (
    <Create title={<AddTitle />} transform={transform} mutationOptions={saved} sx={CARD}>
      <TalentForm mode="create" />
    </Create>
  );
}

export function TalentEdit() {
  const saved = useSaved('talent.admin.saved');
  return (
    <Edit
      title={<EditTitle />}
      transform={transform}
      mutationMode="pessimistic"
      mutationOptions={saved}
      actions={false}
      sx={CARD}
    >
      <TalentForm mode="edit" />
    </Edit>
  );
}
