export { buildApp, type BuildAppOptions } from './app.ts';
export { loadConfig, type Config, ConfigError } from './config.ts';
