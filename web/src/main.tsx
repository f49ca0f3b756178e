import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import '@fontsource/lexend-deca/latin-400.css';
import '@fontsource/lexend-deca/latin-600.css';
import './styles.css';
import { App, startScreen } from './App';
import { listenForPreloadErrors } from './platform/chunkReload';
import { listenForUncaughtErrors } from './platform/errorReporting';
import { registerServiceWorker } from './platform/serviceWorker';

listenForUncaughtErrors();
listenForPreloadErrors();
registerServiceWorker();
startScreen(window.location);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>,
);
