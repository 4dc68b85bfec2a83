/** Turns an entity declaration into its console screens; hand-written overrides replace any of them. */
import type { ComponentType, JSX } from 'react';
import type { EntityDef } from '../../schema';
import { lazyScreen } from './lazyScreen';
import { overrides } from './overrides';
import type { ResourceScreens } from './types';

// Shared by every resource, loaded with the first screen opened.
const AsidePanelList = lazyScreen(() => import('./AsidePanelList'), 'AsidePanelList');
const EntityList = lazyScreen(() => import('./EntityList'), 'EntityList');
const EntityCreate = lazyScreen(() => import('./EntityScreens'), 'EntityCreate');
const EntityEdit = lazyScreen(() => import('./EntityScreens'), 'EntityEdit');
const EntityShow = lazyScreen(() => import('./EntityScreens'), 'EntityShow');

/** A screen component with a readable name in React's developer tools. */
function screen(displayName: string, render: () => JSX.Element): ComponentType {
  const Screen = () => render();
  Screen.displayName = displayName;
  return Screen;
}

export function buildResource(entity: EntityDef): ResourceScreens {
  const base = entity.name.charAt(0).toUpperCase() + entity.name.slice(1);
  if (entity.admin?.list?.asidePanel) {
    return {
      list: screen(`${base}List`, () => <AsidePanelList entity={entity} mode="list" />),
      create: screen(`${base}Create`, () => <AsidePanelList entity={entity} mode="create" />),
      edit: screen(`${base}Edit`, () => <AsidePanelList entity={entity} mode="edit" />),
      show: screen(`${base}Show`, () => <EntityShow entity={entity} />),
    };
  }
  return {
    list: screen(`${base}List`, () => <EntityList entity={entity} />),
    create: screen(`${base}Create`, () => <EntityCreate entity={entity} />),
    edit: screen(`${base}Edit`, () => <EntityEdit entity={entity} />),
    show: screen(`${base}Show`, () => <EntityShow entity={entity} />),
  };
}

/** The screens react-admin mounts for a resource: generated, then overridden where an override exists. */
export function screensFor(entity: EntityDef): ResourceScreens {
  const { list, create, edit, show } = overrides[entity.resource as string] ?? {};
  const built = buildResource(entity);
  return {
    list: list ?? built.list,
    create: create ?? built.create,
    edit: edit ?? built.edit,
    show: show ?? built.show,
  };
}
