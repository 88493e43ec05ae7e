import { ChakraProvider } from '@chakra-ui/react';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { buildMenu } from '@/app/layout/menu-items';
import { MenuList } from '@/app/layout/side-menu';
import { appSystem } from '@/app/theme';

const sections = buildMenu({ isAdmin: false, isSuper: false, settings: {}, planUseIntegration: false, localMode: false });

function renderMenu(chatUnread: boolean) {
  return render(
    <ChakraProvider value={appSystem()}>
      <MemoryRouter>
        <MenuList sections={sections} collapsed={false} attention={false} chatUnread={chatUnread} />
      </MemoryRouter>
    </ChakraProvider>,
  );
}

describe("the menu's chat item (spec part 1 §2)", () => {
  it('shows a dot while the user has unread internal messages, on the chat item only', () => {
    const { container } = renderMenu(true);
    const chats = container.querySelector('[data-menu-item="chats"]') as HTMLElement;
    expect(within(chats).getByTestId('chats-unread-dot')).toBeTruthy();
    expect(screen.getAllByRole('status')).toHaveLength(1);
  });

  it('shows none when everything is read', () => {
    renderMenu(false);
    expect(screen.queryByTestId('chats-unread-dot')).toBeNull();
  });
});
