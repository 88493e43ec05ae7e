export * from './viewer';
export * from './users';
export * from './connections';
export * from './tickets';
export * from './subscription';
export * from './schedules';
