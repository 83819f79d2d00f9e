import { parseArgs } from 'node:util';
import { DEFAULT_PROFILE, isProfileName, PROFILE_NAMES } from './profile.ts';
import { DEMO, DEMO_TOKENS, RESEARCH } from './seed.ts';
import { DEFAULT_DAILY_NOTE_DELAY_MS, DEFAULT_PORT, startEmulator } from './server.ts';
import { isHeaderName } from './version-header.ts';

/** `npm run emulator -- [--port 8787] [--host 127.0.0.1] [--data FILE] [--daily-note-delay MS] [--seed N] [--profile spec|published] [--require-version-header NAME]` */

const USAGE = `Workspace Notes API emulator

Usage: npm run emulator -- [options]

  --port N               port to listen on (default ${DEFAULT_PORT}; 0 = any free port)
  --host HOST            address to bind (default 127.0.0.1)
  --data FILE            keep all state in FILE across restarts (default: in memory)
  --daily-note-delay MS  delay before daily-note appends are applied (default ${DEFAULT_DAILY_NOTE_DELAY_MS})
  --seed N               seed of the fault-injection random numbers
  --profile NAME         spec (default: the spec word for word) or published (as the live
                         service's published reference describes it)
  --require-version-header NAME
                         the published profile answers 400 to an API request without
                         this header (the API version, e.g. X-Workspace-Notes-Api-Version)
  --help                 show this help`;

function integer(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) {
    console.error(`--${name} must be a non-negative integer`);
    process.exit(2);
  }
  return parsed;
}

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    host: { type: 'string' },
    data: { type: 'string' },
    'daily-note-delay': { type: 'string' },
    seed: { type: 'string' },
    profile: { type: 'string' },
    'require-version-header': { type: 'string' },
    help: { type: 'boolean' },
  },
});

if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

const profile = values.profile ?? DEFAULT_PROFILE;
if (!isProfileName(profile)) {
  console.error(`--profile must be one of ${PROFILE_NAMES.join(', ')}`);
  process.exit(2);
}

const requireVersionHeader = values['require-version-header'];
if (requireVersionHeader !== undefined && !isHeaderName(requireVersionHeader)) {
  console.error('--require-version-header must be a header name, e.g. X-Workspace-Notes-Api-Version');
  process.exit(2);
}

const emulator = await startEmulator({
  port: integer(values.port, 'port') ?? DEFAULT_PORT,
  host: values.host,
  dataFile: values.data,
  dailyNoteDelayMs: integer(values['daily-note-delay'], 'daily-note-delay'),
  seed: integer(values.seed, 'seed'),
  profile,
  ...(requireVersionHeader ? { requireVersionHeader } : {}),
});

console.log(`Workspace emulator listening on ${emulator.url}
  Look at it:    ${emulator.url}/
  Profile:       ${emulator.profile}${emulator.profile === 'published' ? ' (the published reference)' : ' (the spec)'}${requireVersionHeader ? `, requiring ${requireVersionHeader}` : ''}
  State:         ${values.data ? `persisted in ${values.data}` : 'in memory (use --data FILE to keep it)'}

Spaces
  Demo space      ${DEMO.spaceId}
  Research space  ${RESEARCH.spaceId} (2,500 tags)

Personal tokens (Authorization: Bearer <token>)
  ${DEMO_TOKENS.demo}            Demo space, read + write
  ${DEMO_TOKENS.demoReadonly}   Demo space, read only
  ${DEMO_TOKENS.research}        Research space, read + write

OAuth: ${emulator.url}/.well-known/oauth-authorization-server (clients: space-clipper, read-only-client)
Test controls: ${emulator.url}/__emulator/… (see tests/emulator/README.md)

Try: curl -H 'Authorization: Bearer ${DEMO_TOKENS.demo}' ${emulator.url}/space`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await emulator.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
