/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/client" />

// ALTCHA ships this translation without its declaration file; importing it only registers it.
declare module 'altcha/i18n/pt-br';
