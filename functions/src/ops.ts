/**
 * `@atende/functions/ops`: what the operator scripts and the local runner (infra/bin, infra/local) call
 * in the functions outside a Lambda: bootstrapping the first super user, forgetting the
 * process-wide clients when the local stack restarts, and retiring a session host whose process
 * exited (the local runner's stand-in for ECS). Like a handler, it sits above the domain.
 */
export { findCompanyIdByName } from './data/companies';
export { findUserIdByEmail } from './data/users';
export { resetDataClient } from './data/client';
export { resetSigningKey } from './platform/jwt';
export { createCompany } from './domain/companies/companies';
export { createPlan, findPlanByName } from './domain/plans/plans';
export { DEFAULT_PLAN } from './domain/platform/seed';
export { addUser } from './domain/users/create-user';
export { retireFleetHosts } from './domain/connections/fleet-down';
export { viewerIp } from './platform/http-route';
