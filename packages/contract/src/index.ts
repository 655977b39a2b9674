export * from './errors';
export * from './enums';
export * from './common';
export * from './validators';
export * from './account';
export * from './portal';
export * from './sessions';
