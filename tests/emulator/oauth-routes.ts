import type { Hono } from 'hono';
import { authorizeErrorPage, consentPage } from './consent-page.ts';
import type { EmulatorContext } from './context.ts';
import { htmlResponse } from './html.ts';
import { type AppContext, type AppEnv, clientAddress, jsonResponse } from './http.ts';
import { type AuthorizeCheck, checkAuthorizeRequest, findClient, OAuthError } from './oauth.ts';
import { DEMO_USER_ID } from './seed.ts';

/** RFC 8414 metadata, the authorization (consent) endpoint, the token and the revocation endpoints. */

export function oauthErrorResponse(error: OAuthError): Response {
  return jsonResponse({ error: error.error, error_description: error.message }, error.status, {
    'Cache-Control': 'no-store',
  });
}

function redirect(location: string): Response {
  return new Response(null, { status: 302, headers: { Location: location, 'Cache-Control': 'no-store' } });
}

function redirectWith(base: string, params: Record<string, string | undefined>): Response {
  const url = new URL(base);
  for (const [name, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(name, value);
  return redirect(url.toString());
}

/** Answers a failed check: an HTML page when the redirect URI is not trusted, else a redirect. */
function authorizeFailure(check: Exclude<AuthorizeCheck, { kind: 'ok' }>, issuer: string): Response {
  if (check.kind === 'page') return htmlResponse(authorizeErrorPage(check.error, check.description), 400);
  return redirectWith(check.redirectUri, {
    error: check.error,
    error_description: check.description,
    state: check.state,
    iss: issuer,
  });
}

/** Reads a form body; RFC 6749 §3.2 forbids repeated parameters. */
async function readForm(c: AppContext): Promise<URLSearchParams> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/x-www-form-urlencoded\b/i.test(type)) {
    throw new OAuthError('invalid_request', 'The body must be application/x-www-form-urlencoded');
  }
  const form = new URLSearchParams(await c.req.text());
  const names = [...form.keys()];
  const repeated = names.find((name, index) => names.indexOf(name) !== index);
  if (repeated) throw new OAuthError('invalid_request', `Parameter ${repeated} was sent more than once`);
  return form;
}

export function oauthRoutes(app: Hono<AppEnv>, ctx: EmulatorContext): void {
  app.get('/.well-known/oauth-authorization-server', () =>
    jsonResponse({
      issuer: ctx.baseUrl,
      authorization_endpoint: `${ctx.baseUrl}/oauth/authorize`,
      token_endpoint: `${ctx.baseUrl}/oauth/token`,
      revocation_endpoint: `${ctx.baseUrl}/oauth/revoke`,
      scopes_supported: ['api:read', 'api:write', 'offline_access'],
      response_types_supported: ['code'],
      response_modes_supported: ['query'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none'],
      revocation_endpoint_auth_methods_supported: ['none'],
      authorization_response_iss_parameter_supported: true,
    }),
  );

  const user = () => {
    const found = ctx.store.data.users.find((candidate) => candidate.id === DEMO_USER_ID);
    return found ?? { id: DEMO_USER_ID, name: 'Demo User', email: 'demo@example.com' };
  };
  const userSpaces = () => ctx.store.data.spaces.filter((space) => space.ownerId === user().id);

  app.get('/oauth/authorize', (c) => {
    ctx.limiter.hit('authorize', clientAddress(c));
    const params = new URL(c.req.url).searchParams;
    const info = c.get('logInfo');
    if (info) info.clientId = params.get('client_id') ?? undefined;
    const check = checkAuthorizeRequest(params, ctx.baseUrl);
    if (check.kind !== 'ok') return authorizeFailure(check, ctx.baseUrl);
    const spaces = userSpaces().map((space) => ({ id: space.id, title: space.title }));
    return htmlResponse(consentPage(check.request, params, user(), spaces), 200, { 'Cache-Control': 'no-store' });
  });

  app.post('/oauth/authorize', async (c) => {
    ctx.limiter.hit('authorize', clientAddress(c));
    let form: URLSearchParams;
    try {
      form = await readForm(c);
    } catch (error) {
      if (error instanceof OAuthError) return htmlResponse(authorizeErrorPage(error.error, error.message), 400);
      throw error;
    }
    const info = c.get('logInfo');
    if (info) info.clientId = form.get('client_id') ?? undefined;
    const spaceId = form.get('space_id');
    const decision = form.get('decision');
    const params = new URLSearchParams([...form].filter(([name]) => name !== 'space_id' && name !== 'decision'));
    const check = checkAuthorizeRequest(params, ctx.baseUrl);
    if (check.kind !== 'ok') return authorizeFailure(check, ctx.baseUrl);
    const { request } = check;
    const back = (values: Record<string, string | undefined>) =>
      redirectWith(request.redirectUri, { ...values, state: request.state, iss: ctx.baseUrl });
    if (decision === 'deny') return back({ error: 'access_denied', error_description: 'The user denied the request' });
    if (decision !== 'approve')
      return back({ error: 'invalid_request', error_description: 'decision must be approve or deny' });
    if (!spaceId || !userSpaces().some((space) => space.id === spaceId)) {
      return back({ error: 'invalid_request', error_description: 'Choose one of your spaces' });
    }
    return back({ code: ctx.oauth.issueCode(request, spaceId, user().id) });
  });

  app.post('/oauth/token', async (c) => {
    ctx.limiter.hit('token', clientAddress(c));
    const form = await readForm(c);
    const info = c.get('logInfo');
    if (info) {
      info.clientId = form.get('client_id') ?? undefined;
      info.grantType = form.get('grant_type') ?? undefined;
    }
    if (c.req.header('authorization') !== undefined) {
      throw new OAuthError('invalid_request', 'Public clients must not send an Authorization header');
    }
    if (form.has('client_secret'))
      throw new OAuthError('invalid_request', 'Public clients must not send a client secret');
    const clientId = form.get('client_id');
    if (!clientId) throw new OAuthError('invalid_request', 'client_id is required');
    const client = findClient(clientId);
    if (!client) throw new OAuthError('invalid_client', `Unknown client_id "${clientId}"`);
    const grantType = form.get('grant_type');
    if (!grantType) throw new OAuthError('invalid_request', 'grant_type is required');
    let tokens: ReturnType<typeof ctx.oauth.refresh>;
    if (grantType === 'authorization_code') tokens = ctx.oauth.exchangeCode(client, form);
    else if (grantType === 'refresh_token') tokens = ctx.oauth.refresh(client, form);
    else throw new OAuthError('unsupported_grant_type', `grant_type ${grantType} is not supported`);
    return jsonResponse(tokens, 200, { 'Cache-Control': 'no-store', Pragma: 'no-cache' });
  });

  app.post('/oauth/revoke', async (c) => {
    ctx.limiter.hit('token', clientAddress(c));
    const form = await readForm(c);
    const clientId = form.get('client_id');
    const info = c.get('logInfo');
    if (info) info.clientId = clientId ?? undefined;
    if (!clientId) throw new OAuthError('invalid_request', 'client_id is required');
    const token = form.get('token');
    if (token) ctx.oauth.revoke(token, clientId);
    return new Response(null, { status: 200 });
  });
}
