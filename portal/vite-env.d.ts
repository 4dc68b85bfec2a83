/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The integrations menu item shows only when this equals the string 'false' (the default). */
  readonly VITE_INTEGRATIONS_HIDDEN?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
