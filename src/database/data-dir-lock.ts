import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';

export class DataDirInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The embedded database in ${dataDir} is in use by process ${pid}. ` +
        'Stop that process first (only one process may open the embedded database), or set DATABASE_URL to use a PostgreSQL server.',
    );
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes an exclusive lock on an embedded data directory through a pid file beside it.
 * A lock left behind by a dead process is taken over.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  const lockPath = `${dataDir}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        try {
          unlinkSync(lockPath);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(readFileSync(lockPath, 'utf8'), 10);
      if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) {
        throw new DataDirInUseError(dataDir, owner);
      }
      unlinkSync(lockPath);
    }
  }
  throw new Error(`Could not lock ${lockPath}`);
}
