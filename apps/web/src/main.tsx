import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

// Placeholder until the web shell lands (issue 4).
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <main>
      <h1>Acervo</h1>
      <p>Preferências que conectam pessoas.</p>
    </main>
  </StrictMode>,
);
