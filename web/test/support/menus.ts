import { fireEvent, screen, waitFor, within, type waitForOptions } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * Chooses an item of the open menu. Menus select the highlighted item, and jsdom has no pointer moves:
 * the item is reached with the keyboard, then Enter. `wait` for screens whose menu renders late.
 */
export async function chooseMenuItem(name: RegExp, wait?: waitForOptions) {
  const menu = await screen.findByRole('menu', {}, wait);
  const target = await within(menu).findByRole('menuitem', { name }, wait);
  for (let i = 0; i < 12 && !target.hasAttribute('data-highlighted'); i += 1) {
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    await waitFor(() => expect(menu.querySelector('[data-highlighted]')).not.toBeNull());
  }
  fireEvent.keyDown(menu, { key: 'Enter' });
}
