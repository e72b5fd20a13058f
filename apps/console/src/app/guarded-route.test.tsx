import type { TPermissionMap } from '@sello/contracts/permissions';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { redirectTarget } from '../session/redirect-target.ts';
import { session } from '../session/session-store.ts';
import { makeSessionUser } from '../test/session-user.ts';
import { GuardedRoute } from './guarded-route.tsx';

const GUARDED = ['/home', '/administration', '/account', '/types', '/shippings/detail/:id'];

function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <p>screen /login</p> },
      ...GUARDED.map((path) => ({
        path,
        element: (
          <GuardedRoute>
            <p>{`screen ${path}`}</p>
          </GuardedRoute>
        ),
      })),
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

function signIn(permissions: TPermissionMap, superAdmin = false) {
  session.start(makeSessionUser({ permissions, superAdmin }));
}

describe('GuardedRoute', () => {
  it('sends a visitor who is not logged in to /login', async () => {
    const router = renderAt('/types?page=2');
    expect(await screen.findByText('screen /login')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('remembers the URL a visitor who is not logged in wanted, query included', async () => {
    renderAt('/shippings/detail/REQ-1?tab=auths');
    await screen.findByText('screen /login');
    expect(redirectTarget.read()).toBe('/shippings/detail/REQ-1?tab=auths');
  });

  it('renders the screen for a logged-in user with the permission', async () => {
    signIn({ types: true });
    const router = renderAt('/types');
    expect(await screen.findByText('screen /types')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/types');
  });

  it('remembers the permitted URL the user is on', async () => {
    signIn({ types: true });
    renderAt('/types?page=3');
    await screen.findByText('screen /types');
    expect(redirectTarget.read()).toBe('/types?page=3');
  });

  it('sends a logged-in user without the permission to /home', async () => {
    signIn({ shippingList: true });
    const router = renderAt('/types');
    expect(await screen.findByText('screen /home')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/home');
  });

  it('does not remember a URL the user was refused', async () => {
    signIn({ shippingList: true });
    renderAt('/types');
    await screen.findByText('screen /home');
    expect(redirectTarget.read()).toBe('/home');
  });

  it('sends a super admin with administration to /administration', async () => {
    signIn({ administration: true, shippingList: true }, true);
    const router = renderAt('/types');
    expect(await screen.findByText('screen /administration')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/administration');
  });

  it('sends a user who may open neither /home nor /administration to /account', async () => {
    signIn({ types: true });
    const router = renderAt('/administration');
    expect(await screen.findByText('screen /account')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/account');
  });

  it('lets any logged-in user open /account', async () => {
    signIn({});
    renderAt('/account');
    expect(await screen.findByText('screen /account')).toBeTruthy();
  });
});
