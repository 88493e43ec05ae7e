import './i18n';

export { ConnectionsPage as default } from './components/connections-page';
export { useConnectionsAttention } from './hooks/use-connections-attention';
