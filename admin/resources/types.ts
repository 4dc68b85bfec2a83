import type { ComponentType, ReactElement } from 'react';

/** The screens of one resource, as react-admin's <Resource> takes them. */
export interface ResourceScreens {
  list: ComponentType;
  create: ComponentType;
  edit: ComponentType;
  show: ComponentType;
}

/** What a hand-written override may bring: any screens, plus routes of its own (e.g. the spec's /talent paths). */
export interface ResourceOverride extends Partial<ResourceScreens> {
  /** Console routes mounted beside the resource's own, most specific first. */
  routes?: { path: string; element: ReactElement }[];
  /** Where the menu opens the list when it lives at one of those routes. */
  listPath?: string;
}
