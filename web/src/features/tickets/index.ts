export { TicketsPage } from './components/TicketsPage';
