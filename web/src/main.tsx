import './app/mantine-styles.ts';
import './app/global.css';
import './i18n/index.ts';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    {/* The first language catalogue loads before anything renders (i18n suspends until then). */}
    <Suspense fallback={null}>
      <App />
    </Suspense>
  </StrictMode>,
);
