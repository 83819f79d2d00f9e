/** What `npm start` and `npm run demo` share: the emulator at the address their builds are made for. */
import { type RunningEmulator, startEmulator } from '../tests/emulator/server.ts';

export const LOCAL_PORT = Number(process.env.SPACE_CLIPPER_PORT ?? 8787);
export const LOCAL_API_BASE_URL = `http://127.0.0.1:${LOCAL_PORT}`;
export const LOCAL_MODE = 'emulator';

export async function startLocalEmulator(dataFile?: string): Promise<RunningEmulator> {
  try {
    return await startEmulator({ port: LOCAL_PORT, ...(dataFile ? { dataFile } : {}) });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new Error(
        `Port ${LOCAL_PORT} is in use (another emulator?). Stop it, or pick another port: SPACE_CLIPPER_PORT=8790 npm start`,
      );
    }
    throw error;
  }
}
