// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, expect, test } from 'vitest';
import { AppLink } from './app-link';

afterEach(cleanup);

function renderAt(initialEntry: string) {
  let renderCount = 0;
  function Page() {
    renderCount += 1;
    return (
      <>
        <AppLink to="/rng?page=NAGA">Naga</AppLink>
        <AppLink to="/live">Live</AppLink>
      </>
    );
  }
  const router = createMemoryRouter([{ path: '*', Component: Page }], { initialEntries: [initialEntry] });
  const navigations: string[] = [];
  router.subscribe((state) =>
    navigations.push(`${state.historyAction} ${state.location.pathname}${state.location.search}`),
  );
  render(<RouterProvider router={router} />);
  return { router, navigations, getRenderCount: () => renderCount };
}

test('a link to the page already shown does nothing: no navigation, no history entry, no render', () => {
  const { router, navigations, getRenderCount } = renderAt('/rng?page=NAGA');
  const rendersBefore = getRenderCount();
  fireEvent.click(screen.getByText('Naga'));
  expect(navigations).toEqual([]);
  expect(router.state.location.key).toBe('default');
  expect(getRenderCount()).toBe(rendersBefore);
});

test('a link to another page pushes a history entry', () => {
  const { navigations } = renderAt('/rng?page=NAGA');
  fireEvent.click(screen.getByText('Live'));
  expect(navigations).toEqual(['PUSH /live']);
});
