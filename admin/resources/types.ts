import type { ComponentType } from 'react';

/** The screens of one resource, as react-admin's <Resource> takes them. */
export interface ResourceScreens {
  list: ComponentType;
  create: ComponentType;
  edit: ComponentType;
  show: ComponentType;
}
