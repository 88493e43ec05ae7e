export { QuickMessagesPage } from './components/quick-messages-page';
