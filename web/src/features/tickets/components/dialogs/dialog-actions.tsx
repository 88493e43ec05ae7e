import { Button, Dialog } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

interface DialogActionsProps {
  submitLabel: string;
  busy: boolean;
  onCancel: () => void;
  onSubmit: () => void;
  submitTestId?: string;
}

/** The workspace dialogs' footer: cancel, then the action (spinning while it runs). */
export function DialogActions({ submitLabel, busy, onCancel, onSubmit, submitTestId }: DialogActionsProps) {
  const { t } = useTranslation();
  return (
    <Dialog.Footer>
      <Button variant="outline" onClick={onCancel}>
        {t('common.cancel')}
      </Button>
      <Button colorPalette="brand" loading={busy} onClick={onSubmit} data-testid={submitTestId}>
        {submitLabel}
      </Button>
    </Dialog.Footer>
  );
}
