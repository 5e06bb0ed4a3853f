// A JSON file in the local runtime's data directory (DATA_DIR) that one local service keeps its state
// in: written whole after every change, through a temporary file and a rename, so a process killed
// mid-write leaves the previous state, never half of one.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export class StateFileError extends Error {
  override readonly name = 'StateFileError';
}

export interface StateFile<T> {
  readonly path: string;
  /** The saved state, or null when the file does not exist yet. */
  read(): T | null;
  /** Replaces the saved state; synchronous, so it is on disk before the caller answers anyone. */
  write(state: T): void;
}

/** `version` is checked on read: a file from an incompatible runtime is refused with what to do. */
export function stateFile<T>(path: string, version: number): StateFile<T> {
  return {
    path,
    read() {
      let text: string;
      try {
        text = readFileSync(path, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
      let saved: { version?: unknown; state?: unknown };
      try {
        saved = JSON.parse(text) as typeof saved;
      } catch {
        throw new StateFileError(`${path} is not JSON; delete the data directory to start afresh`);
      }
      if (saved.version !== version)
        throw new StateFileError(`${path} was written by another version of the local runtime; delete the data directory to start afresh`);
      return saved.state as T;
    },
    write(state) {
      mkdirSync(dirname(path), { recursive: true });
      const temporary = `${path}.${process.pid}.tmp`;
      writeFileSync(temporary, JSON.stringify({ version, state }));
      renameSync(temporary, path);
    },
  };
}
