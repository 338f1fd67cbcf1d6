export * from './envelope.js';
export * from './menus.js';
export * from './auth.js';
