import { useEffect } from 'react';
import { t } from '../../i18n';

/** Spec: page titles are the screen's title followed by the product name. */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    if (title) document.title = `${title} | ${t('appName')}`;
  }, [title]);
}
