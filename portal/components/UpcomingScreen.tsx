/**
 * A screen whose data arrives with a later part of the product: its heading and an honest empty
 * state that says what will appear here. Texts come from `portal.screens.<id>` in the catalogue.
 */
import type { ReactNode } from 'react';
import { known } from '../../ui/api/errors';
import { t } from '../../i18n';
import { EmptyState } from './EmptyState';
import { PageHeader } from './PageHeader';

interface Props {
  id: string;
  icon: ReactNode;
  /** Heading override, e.g. the menu item that led here ('My projects'). */
  title?: string;
  action?: ReactNode;
  children?: ReactNode;
}

export function UpcomingScreen({ id, icon, title, action, children }: Props) {
  const points = [1, 2, 3, 4].map((n) => known(`portal.screens.${id}.point${n}`)).filter((p): p is string => !!p);
  return (
    <>
      <PageHeader title={title ?? t(`portal.screens.${id}.title`)} subtitle={known(`portal.screens.${id}.subtitle`)} />
      {children}
      <EmptyState
        icon={icon}
        title={t(`portal.screens.${id}.emptyTitle`)}
        description={t(`portal.screens.${id}.emptyText`)}
        points={points}
        action={action}
      />
    </>
  );
}
