import { Button, MantineProvider } from '@mantine/core';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderDom, stubMatchMedia } from '../render/test-support.tsx';
import { DeferredMenu as Menu } from './DeferredMenu.tsx';

function HelpLike() {
  return (
    <Menu withinPortal={false}>
      <Menu.Target>
        <Button data-testid="target">Help</Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item>Contact</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

describe('a menu whose code loads when first used', () => {
  beforeEach(() => {
    stubMatchMedia();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('opens on a press whose click never arrives because the code came in between pointer down and up', async () => {
    const view = renderDom(
      <MantineProvider>
        <HelpLike />
      </MantineProvider>,
    );
    const shown = view.container.querySelector<HTMLElement>('[data-testid="target"]')!;
    expect(shown.getAttribute('aria-expanded')).toBe('false');
    // Pointer down on the button shown before the code is in; the code arrives and the menu's own button replaces
    // it, so the browser sends no click (pointer down and up landed on different elements).
    act(() => {
      shown.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, button: 0 }));
    });
    await vi.waitFor(() =>
      expect(view.container.querySelector('[role="menuitem"]')?.textContent).toBe('Contact'),
    );
    const target = view.container.querySelector<HTMLElement>('[data-testid="target"]')!;
    expect(target).not.toBe(shown);
    expect(target.getAttribute('aria-expanded')).toBe('true');
    view.unmount();
  });
});
