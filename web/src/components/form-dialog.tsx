import { Button, Dialog, Stack } from '@chakra-ui/react';
import type { FormEventHandler, ReactNode } from 'react';
import { DialogShell, type DialogShellProps } from './dialog-shell';

export interface FormDialogProps {
  title: string;
  onClose: () => void;
  /** The form's submit: `handleSubmit(onSave)` of react-hook-form. */
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitting: boolean;
  cancelLabel: string;
  saveLabel: string;
  /** `data-testid` of the dialog and of its save button. */
  testId: string;
  submitTestId: string;
  size?: DialogShellProps['size'];
  /** The fields, one under another. */
  children: ReactNode;
}

/**
 * An add/edit dialog of one record (a tag, a contact list, a quick reply…): the title, the fields,
 * and cancel / save, the save button busy while the form submits. Each dialog keeps its own form.
 */
export function FormDialog({
  title,
  onClose,
  onSubmit,
  submitting,
  cancelLabel,
  saveLabel,
  testId,
  submitTestId,
  size = 'sm',
  children,
}: FormDialogProps) {
  return (
    <DialogShell open onClose={onClose} size={size} testId={testId}>
      <form onSubmit={onSubmit} noValidate>
        <Dialog.Header>
          <Dialog.Title>{title}</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          <Stack gap="4">{children}</Stack>
        </Dialog.Body>
        <Dialog.Footer>
          <Button variant="outline" onClick={onClose}>
            {cancelLabel}
          </Button>
          <Button type="submit" colorPalette="brand" loading={submitting} data-testid={submitTestId}>
            {saveLabel}
          </Button>
        </Dialog.Footer>
      </form>
    </DialogShell>
  );
}
