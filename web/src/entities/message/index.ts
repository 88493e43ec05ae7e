export { MessageBubbleShell, type MessageBubbleShellProps } from './components/message-bubble-shell';
export { MessageMenu, type MessageMenuProps } from './components/message-menu';
export { DeletedMessage, MessageMeta } from './components/message-parts';
