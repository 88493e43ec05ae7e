export { ContactListsPage } from './components/contact-lists-page';
export { ContactListItemsPage } from './components/contact-list-items-page';
