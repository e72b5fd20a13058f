import { ConfigProvider } from 'antd';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createAppRouter } from './app/router.tsx';
import { startAntdLocale, useAntdLocale } from './i18n/antd-locale.ts';
import { initI18n } from './i18n/i18n.ts';
import { detectLanguage } from './i18n/language.ts';
import './styles.css';

const router = createAppRouter();

function App() {
  const locale = useAntdLocale();
  return (
    <ConfigProvider locale={locale} theme={{ token: { colorPrimary: '#0b5cab', borderRadius: 6 } }}>
      <RouterProvider router={router} />
    </ConfigProvider>
  );
}

async function start() {
  const language = detectLanguage();
  await Promise.all([initI18n(language), startAntdLocale(language)]);
  const root = document.getElementById('root');
  if (!root) throw new Error('missing #root');
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
