export { ContactsPage } from './components/contacts-page';
