/**
 * What the signed-in shell uses. The sign-in page is not re-exported here: the router
 * loads it by its module (components/login-page), so the sign-in page's
 * chunk does not carry the shell's hooks, nor the shell's chunk the page.
 */
export { useCompanyGuard } from './hooks/use-company-guard';
export { useSessionEvents, forceLogout } from './hooks/use-session-events';
export { logout, clearSessionLocally } from './api/logout';
