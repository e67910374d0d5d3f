/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly CONTACT_EMAIL?: string;
}
