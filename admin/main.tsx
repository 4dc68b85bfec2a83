/** Entry of the console bundle: a browser router with react-admin mounted under /admin. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router-dom';
import { StyleCache } from '../ui/styleCache';
import { App } from './App';

// A data router: react-admin's unsaved-changes guard needs one.
const router = createBrowserRouter([
  { path: '/admin/*', element: <App /> },
  { path: '*', element: <Navigate to="/admin" replace /> },
]);

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <StyleCache>
      <RouterProvider router={router} />
    </StyleCache>
  </StrictMode>,
);
