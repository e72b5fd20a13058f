import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { tokenFromHash } from './portal-api.ts';
import { PortalPage } from './portal-page.tsx';
import './portal.css';

function PortalApp() {
  const [token, setToken] = useState(() => tokenFromHash(window.location.hash));
  useEffect(() => {
    const onHashChange = () => setToken(tokenFromHash(window.location.hash));
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, []);
  // A new link is a new receiver: start from a clean page.
  return <PortalPage key={token ?? 'none'} token={token} />;
}

const root = document.getElementById('portal-root');
if (!root) throw new Error('missing #portal-root');
createRoot(root).render(
  <StrictMode>
    <PortalApp />
  </StrictMode>,
);
