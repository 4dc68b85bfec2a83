/** Snackbars: `notify(message, severity)` from anywhere below the provider. */
import { createContext, useContext } from 'react';

export type Severity = 'success' | 'info' | 'warning' | 'error';

export type Notify = (message: string, severity?: Severity) => void;

export const NotifyContext = createContext<Notify>(() => undefined);

export const useNotify = () => useContext(NotifyContext);

/** Spec section 9: snackbars auto-hide after 6000 ms. */
export const SNACKBAR_HIDE_MS = 6000;
