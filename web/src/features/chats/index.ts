/** What the shell composes: the top bar's chat popover and the menu's unread dot. The router loads the page by its module. */
export { ChatsPopover } from './components/chats-popover';
export { useChatUnreadDot } from './hooks/use-chat-unread-dot';
