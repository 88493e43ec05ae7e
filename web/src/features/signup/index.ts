/** Public pages, loaded by the router by their modules (components/signup-page, components/outbox-page). */
export { planIdFromMessage } from './hooks/use-plan-from-parent';
