import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';

/**
 * Renders screens under a memory router at `url`, with a fresh query cache (no retries) and antd's
 * motion off; the router is returned so a test can read where the screen navigated to.
 */
export function renderRoutes(routes: RouteObject[], url: string) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ConfigProvider>,
  );
  return router;
}
