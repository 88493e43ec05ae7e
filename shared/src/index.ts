export * from './errors';
export * from './constants';
export * from './channel';
export * from './realtime';
export * from './schemas/common';
export * from './schemas/auth';
export * from './schemas/users';
