import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { useCallback, useRef, type ReactNode } from 'react';

/** What a form dialog focuses on opening: its first field (issue 8 item 17), not the close button. */
const FIRST_FIELD =
  'input:is(:not([type]), [type=text], [type=email], [type=password], [type=search], [type=tel], [type=url], [type=number]):not([disabled]), textarea:not([disabled])';

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
  const contentRef = useRef<HTMLDivElement>(null);
  // A dialog without fields (a confirmation) keeps Chakra's choice; `initialFocusEl` in props wins.
  const firstField = useCallback(() => contentRef.current?.querySelector<HTMLElement>(FIRST_FIELD) ?? null, []);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => !details.open && onClose()}
      placement={placement}
      initialFocusEl={firstField}
      // A modal dialog keeps focus inside (its focus trap), so focus found outside is never the user's:
      // it is the trap handing focus back to the opening button while it is set up again (React's
      // StrictMode runs effects twice), which closed a dialog opened right after its code loaded.
      // A press outside still closes it.
      onFocusOutside={(event) => event.preventDefault()}
      {...rootProps}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId} ref={contentRef}>
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
