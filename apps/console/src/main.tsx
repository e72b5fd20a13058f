import { ConfigProvider, type ThemeConfig } from 'antd';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createAppRouter } from './app/router.tsx';
import { startAntdLocale, useAntdLocale } from './i18n/antd-locale.ts';
import { initI18n } from './i18n/i18n.ts';
import { detectLanguage } from './i18n/language.ts';
import { isProductionMode } from './lib/production-mode.ts';
import './styles/shell.css';
import './styles/login.css';
import './styles/pickers.css';
import './styles/administration.css';
import './styles/shippings.css';
import './styles/dashboard.css';
import './styles/postal-templates.css';
import './styles/narrow-header.css';
import './styles/tag-contrast.css';
import './header-cards-focus.css';

/**
 * antd's secondary, placeholder and tag texts are too pale for WCAG AA (4.5:1) on white and on the page's grey:
 * darker greys and tag colours keep every text readable (axe-core, e2e/tests/accessibility.spec.ts).
 */
const THEME: ThemeConfig = {
  token: {
    colorPrimary: '#0b5cab',
    colorLink: '#0b5cab',
    borderRadius: 6,
    colorTextSecondary: '#4b5563',
    colorTextTertiary: '#4b5563',
    colorTextDescription: '#4b5563',
    colorTextPlaceholder: '#5f6672',
    colorTextQuaternary: '#5f6672',
    colorError: '#c0262d',
    colorWarningText: '#8a5300',
    // People who ask their system for less motion get none of antd's transitions and animations (WCAG 2.3.3).
    motion: !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches,
  },
};

const router = createAppRouter();

function App() {
  const locale = useAntdLocale();
  return (
    <ConfigProvider locale={locale} theme={THEME}>
      <RouterProvider router={router} />
    </ConfigProvider>
  );
}

async function start() {
  const language = detectLanguage();
  await Promise.all([initI18n(language), startAntdLocale(language)]);
  const root = document.getElementById('root');
  if (!root) throw new Error('missing #root');
  // React's development checks (double renders and effects) run only outside production mode (spec §9).
  createRoot(root).render(
    isProductionMode() ? (
      <App />
    ) : (
      <StrictMode>
        <App />
      </StrictMode>
    ),
  );
}

void start();
