import { expect } from 'vitest';
import {
  buildAuthorizationUrl,
  createPkce,
  createState,
  discover,
  exchangeCode,
  type OAuthServerMetadata,
  type Pkce,
  parseAuthorizationResponse,
  type TokenSet,
} from '../../lib/api';
import type { ContractContext } from './harness';

/** The user-facing half of the authorization code flow, driven over HTTP like a browser would. */

export const CLIPPER = {
  clientId: 'space-clipper',
  redirectUri: 'https://kooidenmidbebafggpphlmfpiafeiocd.chromiumapp.org/',
  scope: 'api:read api:write offline_access',
} as const;

export const READ_ONLY_CLIENT = {
  clientId: 'read-only-client',
  redirectUri: 'http://127.0.0.1/callback',
  scope: 'api:read',
} as const;

function unescapeHtml(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** GETs the consent page and returns its form fields and the space options (title → id). */
export async function openConsentPage(authorizationUrl: string) {
  const page = await fetch(authorizationUrl, { redirect: 'manual' });
  expect(page.status).toBe(200);
  expect(page.headers.get('content-type')).toMatch(/text\/html/);
  const html = await page.text();
  const fields = [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map(
    ([, name, value]) => [unescapeHtml(name ?? ''), unescapeHtml(value ?? '')] as [string, string],
  );
  const spaces = new Map(
    [...html.matchAll(/<option value="([^"]+)">([^<]*)<\/option>/g)].map(([, id, title]) => [
      unescapeHtml(title ?? ''),
      id ?? '',
    ]),
  );
  const action = /<form method="post" action="([^"]+)">/.exec(html)?.[1];
  return { html, fields, spaces, action };
}

/** Submits the consent form with the decision; returns the 302 `Location` the browser would follow. */
export async function submitConsent(
  context: ContractContext,
  authorizationUrl: string,
  decision: 'approve' | 'deny',
  spaceTitle = 'Demo space',
): Promise<URL> {
  const consent = await openConsentPage(authorizationUrl);
  const form = new URLSearchParams(consent.fields);
  form.set('space_id', consent.spaces.get(spaceTitle) ?? '');
  form.set('decision', decision);
  const answer = await fetch(new URL(consent.action ?? '/oauth/authorize', context.url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form,
    redirect: 'manual',
  });
  expect(answer.status).toBe(302);
  return new URL(answer.headers.get('location') ?? '');
}

export interface StartedFlow {
  metadata: OAuthServerMetadata;
  pkce: Pkce;
  state: string;
  authorizationUrl: string;
}

export async function startFlow(
  context: ContractContext,
  client: { clientId: string; redirectUri: string; scope: string } = CLIPPER,
  overrides: { resource?: string; scope?: string } = {},
): Promise<StartedFlow> {
  const metadata = await discover(context.url);
  const pkce = await createPkce();
  const state = createState();
  const authorizationUrl = buildAuthorizationUrl({
    metadata,
    clientId: client.clientId,
    redirectUri: client.redirectUri,
    scope: overrides.scope ?? client.scope,
    state,
    codeChallenge: pkce.challenge,
    resource: overrides.resource ?? context.url,
  });
  return { metadata, pkce, state, authorizationUrl };
}

/** The whole approve path: consent, code, token exchange. */
export async function signIn(
  context: ContractContext,
  client: { clientId: string; redirectUri: string; scope: string } = CLIPPER,
): Promise<{ flow: StartedFlow; tokens: TokenSet }> {
  const flow = await startFlow(context, client);
  const redirectedTo = await submitConsent(context, flow.authorizationUrl, 'approve');
  const code = parseAuthorizationResponse(flow.metadata, client.clientId, redirectedTo, flow.state);
  const tokens = await exchangeCode({
    metadata: flow.metadata,
    clientId: client.clientId,
    code,
    redirectUri: client.redirectUri,
    verifier: flow.pkce.verifier,
  });
  return { flow, tokens };
}
