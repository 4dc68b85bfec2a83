/** The portal: theme, global error screen, snackbars, router and session around the routes; the new-version notice. */
import { CssBaseline, ThemeProvider } from '@mui/material';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './AppRoutes';
import { AuthProvider } from './auth/AuthProvider';
import { NewVersionNotice } from '../components/OnDemand';
import { ErrorBoundary } from './ErrorBoundary';
import { SnackbarProvider } from './SnackbarProvider';
import { theme } from './theme';

export function App() {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <ErrorBoundary>
        <SnackbarProvider>
          <BrowserRouter>
            <AuthProvider>
              <AppRoutes />
            </AuthProvider>
          </BrowserRouter>
        </SnackbarProvider>
      </ErrorBoundary>
      <NewVersionNotice />
    </ThemeProvider>
  );
}
