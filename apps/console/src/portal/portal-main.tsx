import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { HandOverPage } from './hand-over-page.tsx';
import { handOverFromHash, tokenFromHash } from './portal-api.ts';
import { PortalPage } from './portal-page.tsx';
import './portal.css';

function PortalApp() {
  const [hash, setHash] = useState(() => window.location.hash);
  useEffect(() => {
    const onHashChange = () => setHash(window.location.hash);
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, []);
  // A page handed over at the desk opens with its one-time access (then drops it from the address).
  const handOver = handOverFromHash(hash);
  if (handOver) return <HandOverPage key={handOver.token ?? 'spent'} token={handOver.token} kiosk={handOver.kiosk} />;
  const token = tokenFromHash(hash);
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
