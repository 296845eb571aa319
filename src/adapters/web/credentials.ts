// Who sent a request: a token from `Authorization: Bearer <token>` (HTTP) or `?token=` (WebSocket),
// resolved against the table's credentials. Tokens are never logged or recorded.
import type { Principal, Role } from '../../config/table-config.js';
import { webReason, type WebReason } from './web-reasons.js';

export type Identification =
  | { readonly ok: true; readonly principal: Principal }
  | { readonly ok: false; readonly status: 401; readonly reason: WebReason };

export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}

export function queryToken(query: unknown): string | undefined {
  const token = (query as { token?: unknown } | undefined)?.token;
  return typeof token === 'string' && token.length > 0 ? token : undefined;
}

export function identify(credentials: ReadonlyMap<string, Principal>, token: string | undefined, how: 'header' | 'query'): Identification {
  if (token === undefined) {
    return { ok: false, status: 401, reason: webReason(how === 'header' ? 'missingCredentialHeader' : 'missingCredentialQuery') };
  }
  const principal = credentials.get(token);
  return principal ? { ok: true, principal } : { ok: false, status: 401, reason: webReason('unknownCredential') };
}

export function roleAllowed(principal: Principal, roles: readonly Role[]): boolean {
  return roles.includes(principal.role);
}

/** `what`: what was asked, as its message's name (`what.<what>`: bet, readDealer, watchPublic…). */
export function wrongRoleReason(principal: Principal, roles: readonly Role[], what: string): WebReason {
  return webReason('wrongRole', { role: principal.role, name: principal.name, what, roles: roles.join(', ') });
}
