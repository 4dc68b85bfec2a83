/** The portal's entry: companies, candidates and admins' search and pipeline work, served at /. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setTokenSource } from '../ui/api/client';
import { readStoredLogin } from './api/storedLogin';
import { App } from './app/App';

setTokenSource(() => readStoredLogin()?.accessToken);

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
