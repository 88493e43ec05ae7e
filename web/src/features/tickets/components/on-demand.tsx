import { lazy, Suspense, useState, type ComponentType } from 'react';

/**
 * A dialog or drawer of the tickets screen that is its own chunk, fetched the first time it opens
 * (issue 28: the screen's first load leaves out what no one sees before a click). Once opened it
 * stays mounted, so its closing animation and its form state behave as a static import's would.
 */
function onDemand<P extends object>(load: () => Promise<ComponentType<P>>, isOpen: (props: P) => boolean): ComponentType<P> {
  const Loaded = lazy(async () => ({ default: await load() }));
  return function OnDemand(props: P) {
    const open = isOpen(props);
    const [opened, setOpened] = useState(open);
    if (open && !opened) setOpened(true);
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}

const byOpen = (props: { open: boolean }) => props.open;

export const ContactDrawer = onDemand(async () => (await import('./contact/contact-drawer')).ContactDrawer, byOpen);
export const ContactDialog = onDemand(async () => (await import('./dialogs/contact-dialog')).ContactDialog, byOpen);
export const ReopenDialog = onDemand(async () => (await import('./dialogs/reopen-dialog')).ReopenDialog, byOpen);
export const TransferDialog = onDemand(async () => (await import('./dialogs/transfer-dialog')).TransferDialog, byOpen);
export const ScheduleDialog = onDemand(async () => (await import('./dialogs/schedule-dialog')).ScheduleDialog, byOpen);
export const NewTicketDialog = onDemand(async () => (await import('./dialogs/new-ticket-dialog')).NewTicketDialog, byOpen);
export const PeekDialog = onDemand(
  async () => (await import('./dialogs/peek-dialog')).PeekDialog,
  (props) => props.ticket !== null,
);
