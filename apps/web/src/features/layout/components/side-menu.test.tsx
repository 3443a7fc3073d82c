// @vitest-environment jsdom
import { cleanup, fireEvent } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { initTestI18n, installFakeApi, renderWithProviders } from '../../auth/testing';
import { SideMenu } from './side-menu';

beforeAll(async () => {
  await initTestI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the phones' menu drawer", () => {
  test('Escape closes the open drawer, and does nothing while it is closed', () => {
    installFakeApi({});
    const onCloseDrawer = vi.fn();
    renderWithProviders(
      <SideMenu isCollapsed={false} onToggleCollapsed={() => {}} isDrawerOpen onCloseDrawer={onCloseDrawer} />,
    );
    fireEvent.keyDown(document, { key: 'Enter' });
    expect(onCloseDrawer).not.toHaveBeenCalled();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onCloseDrawer).toHaveBeenCalledOnce();
    cleanup();

    renderWithProviders(
      <SideMenu isCollapsed={false} onToggleCollapsed={() => {}} isDrawerOpen={false} onCloseDrawer={onCloseDrawer} />,
    );
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onCloseDrawer).toHaveBeenCalledOnce();
  });
});
