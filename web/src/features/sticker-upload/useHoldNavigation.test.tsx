import { act, useState } from 'react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { renderDom } from '../../render/test-support.tsx';
import { useHoldNavigation } from './useHoldNavigation.ts';

let setHeld: (held: boolean) => void = () => undefined;

/** Stands in for the form: `held` is "uploading or on the result screen", toggled as send and restart would. */
function Form() {
  const [held, setHeldState] = useState(false);
  setHeld = setHeldState;
  useHoldNavigation(held);
  return <Link to="/start">Start</Link>;
}

/** The contributor came to the form from another page of the app, so Back has somewhere to go. */
function openForm() {
  const router = createMemoryRouter(
    [
      { path: '/start', element: <p>start page</p> },
      { path: '/s/:token', element: <Form /> },
    ],
    { initialEntries: ['/start', '/s/tok'], initialIndex: 1 },
  );
  const view = renderDom(<RouterProvider router={router} />);
  const back = async () => {
    await act(() => router.navigate(-1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  };
  return { router, view, back };
}

describe('holding the public form during the upload and on the result screen', () => {
  it('keeps the contributor on the form when they press Back', async () => {
    const { router, view, back } = openForm();
    await act(async () => setHeld(true));
    await back();
    expect(router.state.location.pathname).toBe('/s/tok');
    await back();
    expect(router.state.location.pathname).toBe('/s/tok');
    expect(view.container.textContent).not.toContain('start page');
    view.unmount();
  });

  it('refuses in-app links while held', async () => {
    const { router, view } = openForm();
    await act(async () => setHeld(true));
    await act(async () => view.container.querySelector('a')!.click());
    expect(router.state.location.pathname).toBe('/s/tok');
    view.unmount();
  });

  it('lets Back leave again once the hold ends (restart)', async () => {
    const { router, view, back } = openForm();
    await act(async () => setHeld(true));
    await back();
    expect(router.state.location.pathname).toBe('/s/tok');
    await act(async () => setHeld(false));
    // The first Back pops the entry the hold added (the same page), the next one leaves.
    await back();
    await back();
    expect(router.state.location.pathname).toBe('/start');
    view.unmount();
  });

  it('does not hold before the upload starts', async () => {
    const { router, view, back } = openForm();
    await back();
    expect(router.state.location.pathname).toBe('/start');
    view.unmount();
  });
});
