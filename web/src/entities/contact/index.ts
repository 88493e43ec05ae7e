export { contactSearchKeys, useContactSearch } from './api/contact-search';
export { ContactPicker, type ContactPickerProps, type PickedContact } from './components/contact-picker';
export { CONTACT_NS } from './i18n';
