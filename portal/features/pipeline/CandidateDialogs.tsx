/** The hide and unhide dialog (spec section 2, project detail). */
import { t } from '../../../i18n';
import { ConfirmDialog } from '../../../ui/components/ConfirmDialog';

interface HideProps {
  count: number;
  unhide: boolean;
  busy: boolean;
  onConfirm(): void;
  onClose(): void;
}

export function HideDialog({ count, unhide, busy, onConfirm, onClose }: HideProps) {
  return (
    <ConfirmDialog
      open
      title={
        unhide
          ? t('portal.pipeline.hide.unhideTitle')
          : count > 1
            ? t('portal.pipeline.hide.titleMany', { n: count })
            : t('portal.pipeline.hide.title')
      }
      message={unhide ? t('portal.pipeline.hide.unhideText') : t('portal.pipeline.hide.text')}
      confirmLabel={unhide ? t('portal.pipeline.hide.unhideConfirm') : t('portal.pipeline.hide.confirm')}
      busy={busy}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
