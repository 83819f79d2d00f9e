import { InvalidInputError, normalizeBaseUrl } from '../api';
import type { Connection } from '../storage';
import { saveConnection } from './connections';
import { replaceTokens } from './replace-tokens';
import { spaceOfToken } from './space-api';

const PERSONAL_TOKEN_PREFIX = 'cap-api-';

/** Why a pasted string cannot be a personal token, or undefined when its form is right. */
function personalTokenProblem(token: string): string | undefined {
  if (token.length === 0) return 'empty';
  if (!token.startsWith(PERSONAL_TOKEN_PREFIX)) return 'prefix';
  if (token.length === PERSONAL_TOKEN_PREFIX.length || /\s/.test(token)) return 'malformed';
  return undefined;
}

/**
 * Connects a space with a personal API token. The token is checked with `GET /space` before it
 * is stored, which also tells which space it is bound to. `baseUrlInput` must come from trusted
 * state (`effectiveServiceSettings`): the token will only ever be sent there.
 */
export async function connectWithPersonalToken(baseUrlInput: string, rawToken: string): Promise<Connection> {
  const token = rawToken.trim();
  const problem = personalTokenProblem(token);
  if (problem) {
    throw new InvalidInputError({
      endpoint: 'personal token',
      detail:
        problem === 'prefix'
          ? `a personal API token starts with "${PERSONAL_TOKEN_PREFIX}"`
          : 'the personal API token is empty or contains spaces',
      code: `token_${problem}`,
    });
  }
  const baseUrl = normalizeBaseUrl(baseUrlInput);
  const space = await spaceOfToken(baseUrl, token);
  await replaceTokens({ spaceId: space.id, method: 'token', token, baseUrl });
  const connection: Connection = {
    spaceId: space.id,
    spaceTitle: space.title,
    method: 'token',
    scopes: [],
    state: 'connected',
    connectedAt: Date.now(),
  };
  await saveConnection(connection);
  return connection;
}
