export { LoginPage } from './components/login-page';
export { SignupPage } from './components/signup-page';
export { useCompanyGuard } from './hooks/use-company-guard';
export { useSessionEvents, forceLogout } from './hooks/use-session-events';
export { logout, clearSessionLocally } from './api/logout';
