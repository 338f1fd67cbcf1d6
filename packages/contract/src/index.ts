export * from './envelope.js';
export * from './menus.js';
export * from './auth.js';
export * from './concurrency.js';
export * from './system/param.js';
export * from './system/dict.js';
export * from './system/client.js';
export * from './system/version-log.js';
