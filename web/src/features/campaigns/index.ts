export { CampaignsPage } from './components/campaigns-page';
export { CampaignReportPage } from './components/campaign-report-page';
export { CampaignsConfigPage } from './components/campaigns-config-page';
