import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface DialogShellProps extends Omit<Dialog.RootProps, 'open' | 'onOpenChange' | 'children'> {
  open: boolean;
  onClose: () => void;
  /** `data-testid` of the dialog's content, for tests and support. */
  testId?: string;
  /** Header, body and footer (or a form wrapping them): the dialog's own content. */
  children: ReactNode;
}

/** The frame every console dialog shares: portal, backdrop, centred panel and the corner close button. */
export function DialogShell({ open, onClose, testId, children, placement = 'center', ...rootProps }: DialogShellProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && onClose()} placement={placement} {...rootProps}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId}>
            {children}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
