export { LoginPage } from './components/login-page';
export { SignupPage } from './components/signup-page';
export { useSession, isAdminProfile, settingsMap, type Session } from './hooks/use-session';
export { useCompanyGuard } from './hooks/use-company-guard';
export { useSessionEvents, forceLogout } from './hooks/use-session-events';
export { logout, clearSessionLocally } from './api/logout';
