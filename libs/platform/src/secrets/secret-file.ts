import * as fs from 'fs';
import * as path from 'path';
import { randomBytes } from 'crypto';

/**
 * A file only this process's user may read (0600, in a 0700 folder), written atomically: readers
 * in other processes (the API while the CLI rotates) see the old or the new content, never half.
 */
export class SecretFile {
  constructor(readonly file: string) {}

  /** Changes whenever the file is replaced (a rename gives a new inode), so readers know to reload. */
  version(): string | null {
    try {
      const s = fs.statSync(this.file);
      return `${s.ino}:${s.mtimeMs}:${s.size}`;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw e;
    }
  }

  read(): string | null {
    try {
      const s = fs.statSync(this.file);
      // A copy restored from a backup may have lost its mode; nobody else should read it from now on.
      if (process.platform !== 'win32' && (s.mode & 0o077) !== 0) fs.chmodSync(this.file, 0o600);
      return fs.readFileSync(this.file, 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw e;
    }
  }

  /** Creates the file unless it exists; of concurrent creators exactly one wins (false for the others). */
  create(text: string): boolean {
    const tmp = this.writeTemp(text);
    try {
      fs.linkSync(tmp, this.file);
      this.syncFolder();
      return true;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw e;
    } finally {
      fs.rmSync(tmp, { force: true });
    }
  }

  /** Replaces the content atomically (write a temporary file, then rename it over the old one). */
  replace(text: string): void {
    const tmp = this.writeTemp(text);
    try {
      fs.renameSync(tmp, this.file);
      this.syncFolder();
    } catch (e) {
      fs.rmSync(tmp, { force: true });
      throw e;
    }
  }

  private writeTemp(text: string): string {
    const dir = path.dirname(this.file);
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (process.platform !== 'win32' && (fs.statSync(dir).mode & 0o077) !== 0) fs.chmodSync(dir, 0o700);
    const tmp = path.join(dir, `.${path.basename(this.file)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
    const fd = fs.openSync(tmp, 'wx', 0o600);
    try {
      fs.writeSync(fd, text);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.chmodSync(tmp, 0o600);
    return tmp;
  }

  private syncFolder(): void {
    try {
      const fd = fs.openSync(path.dirname(this.file), 'r');
      try {
        fs.fsyncSync(fd);
      } finally {
        fs.closeSync(fd);
      }
    } catch {
      // Not every platform can fsync a folder; the rename itself is still atomic.
    }
  }
}
