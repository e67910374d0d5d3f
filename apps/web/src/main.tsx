// First: configures zod before any module builds a schema (no eval probe under our CSP).
import './lib/zod-jitless';
import 'bootstrap/dist/css/bootstrap.min.css';
import './styles/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { i18nReady } from './lib/i18n';
import { registerServiceWorker } from './lib/service-worker';

// The first render is already in the reader's language (English is fetched first when chosen).
void i18nReady.then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);

// Production only: in development the worker would serve yesterday's modules to Vite's reloads.
if (import.meta.env.PROD) registerServiceWorker();
