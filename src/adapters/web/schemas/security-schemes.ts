// The role tokens as OpenAPI security schemes: one bearer scheme per role of the table file (`roles:`),
// and a route lists the roles that may use it as alternatives. The public routes need none.
import type { OpenAPIV3_1 } from 'openapi-types';
import type { Role } from '../../../config/table-config.js';

const SCHEME_OF: { readonly [R in Role]: string } = {
  dealer: 'dealerToken',
  supervisor: 'supervisorToken',
  'game-server': 'gameServerToken',
  display: 'displayToken',
};

export const SECURITY_SCHEMES: Record<string, OpenAPIV3_1.SecuritySchemeObject> = Object.fromEntries(
  Object.entries(SCHEME_OF).map(([role, scheme]) => [scheme, {
    type: 'http',
    scheme: 'bearer',
    description: `A token of the table file's \`roles.${role}\` (\`Authorization: Bearer <token>\`)`,
  }]),
);

/** The security requirement of a route the given roles may use (null: anyone, no credential). */
export function routeSecurity(roles: readonly Role[] | null): Array<Record<string, string[]>> {
  return roles === null ? [] : roles.map((role) => ({ [SCHEME_OF[role]]: [] }));
}

/** The role a security scheme stands for (the fuzz test and clients pick tokens by it). */
export function roleOfScheme(scheme: string): Role | undefined {
  return (Object.entries(SCHEME_OF) as Array<[Role, string]>).find(([, s]) => s === scheme)?.[0];
}
