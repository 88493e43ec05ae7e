export { contactListKeys, useTransferToList } from './api/contact-list-api';
export { ContactListPicker, PICKER_DEBOUNCE_MS, PICKER_MIN_SEARCH } from './components/contact-list-picker';
export { CONTACT_LIST_NS } from './i18n';
