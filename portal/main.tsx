/**
 * The portal's entry: companies, candidates and admins' search and pipeline work, served at /.
 *
 * The first render is a transition, so React draws the opening screen in slices and the browser stays free between
 * them, as it does for every answer the screen then receives.
 */
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { StyleCache } from '../ui/styleCache';
import { App } from './app/App';

const root = createRoot(document.getElementById('root') as HTMLElement);
startTransition(() =>
  root.render(
    <StrictMode>
      <StyleCache>
        <App />
      </StyleCache>
    </StrictMode>,
  ),
);
