import type { Db } from './db/connection.js';
import type { AppConfig } from './platform/config/config.js';
import type { AuditLog } from './platform/audit/audit-log.js';
import type { ClientRegistry } from './platform/auth/client.js';
import type { TokenSigner } from './platform/auth/tokens.js';
import { CaptchaService } from './modules/auth/captcha.service.js';
import { LoginService } from './modules/auth/login.service.js';
import { TokenService } from './modules/auth/token.service.js';
import { LocalFileStore, type FileStore } from './platform/files/file-store.js';

/** Services shared across modules (the sign-on portal and the token call share login and tokens). */
export interface Services {
  config: AppConfig;
  db: Db;
  clients: ClientRegistry;
  signer: TokenSigner;
  audit: AuditLog;
  captcha: CaptchaService;
  login: LoginService;
  tokens: TokenService;
  files: FileStore;
}

export function createServices(base: Pick<Services, 'config' | 'db' | 'clients' | 'signer' | 'audit'>): Services {
  const captcha = new CaptchaService(base.db);
  return {
    ...base,
    captcha,
    login: new LoginService(base.db, base.config, captcha),
    tokens: new TokenService(base.db, base.signer, base.config.codeTtlSeconds),
    files: new LocalFileStore(base.config.fileStoreDir),
  };
}
