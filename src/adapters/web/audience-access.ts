// Who may read which display: the public display is open to all; the dealer's view to the dealer, a
// supervisor and the table's displays; the supervisor's console and the recall to supervisors only.
import type { Role } from '../../config/table-config.js';
import { identify, roleAllowed, wrongRoleReason } from './credentials.js';
import { refuse, type Refusal } from './refusals.js';
import type { WebContext } from './web-context.js';

export type Audience = 'public' | 'dealer' | 'supervisor';

/** An audience's name inside a message's name (`what.readDealer`, `what.watchDealer`). */
export const capitalised = (audience: Audience): string => `${audience.charAt(0).toUpperCase()}${audience.slice(1)}`;

export const AUDIENCES: readonly Audience[] = ['public', 'dealer', 'supervisor'];

export const READER_ROLES: { readonly [A in Audience]: readonly Role[] | null } = {
  public: null,
  dealer: ['dealer', 'supervisor', 'display'],
  supervisor: ['supervisor'],
};

/** null when admitted; else the recorded refusal to answer with. */
export async function admitReader(
  context: WebContext,
  roles: readonly Role[] | null,
  /** What was asked, as its message's name (`what.<what>`). */
  what: string,
  request: { readonly token: string | undefined; readonly how: 'header' | 'query'; readonly path: string; readonly client: string },
): Promise<Refusal | null> {
  if (roles === null) return null;
  const who = identify(context.credentials, request.token, request.how);
  if (!who.ok) return refuse(context, { path: request.path, client: request.client }, who.status, 'credential', who.reason);
  if (!roleAllowed(who.principal, roles)) return refuse(context, { path: request.path, client: request.client }, 403, 'role', wrongRoleReason(who.principal, roles, what), who.principal.name);
  return null;
}
