export { ApiDocsPage } from './components/api-docs-page';
