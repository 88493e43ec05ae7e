/**
 * What the signed-in shell uses. The sign-in and sign-up pages are not re-exported here: the router
 * loads each by its module (components/login-page, components/signup-page), so the sign-in page's
 * chunk does not carry the shell's hooks, nor the shell's chunk the pages.
 */
export { useCompanyGuard } from './hooks/use-company-guard';
export { useSessionEvents, forceLogout } from './hooks/use-session-events';
export { logout, clearSessionLocally } from './api/logout';
