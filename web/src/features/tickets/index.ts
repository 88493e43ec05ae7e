export { TicketsPage } from './components/tickets-page';
