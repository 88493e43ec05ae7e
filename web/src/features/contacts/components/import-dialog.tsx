import { SpreadsheetImportDialog } from '@/components/spreadsheet-import-dialog';
import { useContactsImport } from '../hooks/use-contacts-import';
import { CONTACTS_NS } from '../i18n';

/**
 * Import from a spreadsheet (spec part 3 "Contacts page": .csv, .xls, .xlsx; issue 27): a progress
 * bar while the chunks go, then how many were imported and every refused row with why.
 */
export function ImportDialog({ onClose }: { onClose: () => void }) {
  const { state, start, reset } = useContactsImport();
  const close = () => {
    reset();
    onClose();
  };
  return (
    <SpreadsheetImportDialog ns={CONTACTS_NS} state={state} start={start} onClose={close} testIdPrefix="contacts-import" />
  );
}
