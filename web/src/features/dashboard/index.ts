export { DashboardPage } from './components/DashboardPage';
