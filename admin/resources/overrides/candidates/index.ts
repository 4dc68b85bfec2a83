/**
 * Talent (the candidates resource) in the console at the spec's paths: /talent, /talent/add,
 * /talent/edit/:id and /talent/:id, and the bulk import at /talent/import (TALENT_ROUTES,
 * mounted as custom routes by App.tsx).
 * react-admin's own candidate paths redirect there, so every generated link still lands right.
 */
import { createElement, type ReactElement } from 'react';
import { ResourceContextProvider } from 'react-admin';
import { lazyScreen } from '../../lazyScreen';
import { TalentRedirect } from './TalentRedirect';
import { TALENT, talentPaths } from './talentPaths';

// Talent's screens load when one is opened.
const TalentList = lazyScreen(() => import('./TalentList'), 'TalentList');
const TalentCreate = lazyScreen(() => import('./TalentEditScreens'), 'TalentCreate');
const TalentEdit = lazyScreen(() => import('./TalentEditScreens'), 'TalentEdit');
const TalentImport = lazyScreen(() => import('./TalentImport'), 'TalentImport');
const TalentShow = lazyScreen(() => import('./TalentShow'), 'TalentShow');

export const list = TalentRedirect;
export const create = TalentRedirect;
export const edit = TalentRedirect;
export const show = TalentRedirect;

const inResource = (screen: () => ReactElement) =>
  createElement(ResourceContextProvider, { value: 'candidates', children: createElement(screen) });

/** Most specific first: '/talent/add', '/talent/import' and '/talent/edit/:id' before '/talent/:id'. */
export const TALENT_ROUTES: { path: string; element: ReactElement }[] = [
  { path: talentPaths.list, element: inResource(TalentList) },
  { path: talentPaths.add, element: inResource(TalentCreate) },
  { path: talentPaths.import, element: inResource(TalentImport) },
  { path: `${TALENT}/edit/:id`, element: inResource(TalentEdit) },
  { path: `${TALENT}/:id`, element: inResource(TalentShow) },
];
