import { escapeHtml, htmlDocument } from './html.ts';
import type { AuthorizeRequest } from './oauth.ts';
import type { Scope } from './types.ts';

/** The OAuth consent page and the authorization error page. */

const SCOPE_WORDS: Record<Scope, string> = {
  'api:read': 'Read your content: objects, pages, properties and space information',
  'api:write': 'Create and change content in the space',
  offline_access: 'Stay connected while you are away (keep access without asking again)',
};

export function consentPage(
  request: AuthorizeRequest,
  params: URLSearchParams,
  user: { name: string; email: string },
  spaces: { id: string; title: string }[],
): string {
  // The form carries the validated request back; the POST checks it again.
  const hidden = [...params]
    .filter(([name]) => name !== 'space_id' && name !== 'decision')
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
  const scopes = request.scopes.map((scope) => `<li>${escapeHtml(SCOPE_WORDS[scope])}</li>`).join('');
  const options = spaces
    .map((space) => `<option value="${escapeHtml(space.id)}">${escapeHtml(space.title)}</option>`)
    .join('');
  const client = escapeHtml(request.client.name);
  return htmlDocument(
    `Authorise ${request.client.name}`,
    `<main class="narrow">
<h1>Authorise ${client}</h1>
<p class="muted">Signed in as ${escapeHtml(user.name)} (${escapeHtml(user.email)})</p>
<p><strong>${client}</strong> asks for access to one of your spaces. It will be able to:</p>
<ul>${scopes}</ul>
<form method="post" action="/oauth/authorize">
${hidden}
<label for="space">Space</label>
<select id="space" name="space_id">${options}</select>
<div class="actions">
<button type="submit" name="decision" value="approve">Approve</button>
<button type="submit" name="decision" value="deny" class="secondary">Deny</button>
</div>
</form>
</main>`,
  );
}

export function authorizeErrorPage(error: string, description: string): string {
  return htmlDocument(
    'Authorization error',
    `<main class="narrow">
<h1>This authorization request cannot be completed</h1>
<p>Error: <code>${escapeHtml(error)}</code></p>
<p>${escapeHtml(description)}</p>
<p class="muted">The application that sent you here is misconfigured. You can close this window.</p>
</main>`,
  );
}
