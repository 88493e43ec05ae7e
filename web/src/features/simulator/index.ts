import './i18n';

export { SimulatorPage as default } from './components/simulator-page';
