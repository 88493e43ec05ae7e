export { contactSearchKeys, useContactSearch } from './api/contact-search';
export { ContactPicker, type ContactPickerProps, type PickedContact } from './components/contact-picker';
export { CONTACT_NS } from './i18n';
export { contactRecordKeys, useContact, useSaveContact, type ContactPayload } from './api/contact-record';
export { ContactDialog, CONTACT_SUBMIT_DELAY_MS, type ContactDialogProps } from './components/contact-dialog';
