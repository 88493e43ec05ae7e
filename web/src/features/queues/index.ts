export { QueuesPage } from './components/queues-page';
