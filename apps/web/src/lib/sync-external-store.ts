/**
 * What `use-sync-external-store/shim` is on React 18 and later: React's own hook. The shim (which
 * react-i18next imports) ships a fallback for older React besides it; the build resolves the shim
 * here instead (vite.config.ts), half a kilobyte less on every page.
 */
export { useSyncExternalStore } from 'react';
