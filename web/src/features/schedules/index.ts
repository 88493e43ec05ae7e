export { SchedulesPage } from './components/schedules-page';
