// Disk access for nodes (Read Binary Files, Read/Write Files from Disk), confined to the folders
// a run allows (RunOptions.fileAccessRoots) minus the folders it blocks (RunOptions.fileAccessBlocked,
// the server's own data). No roots means no file access at all. Paths are resolved with realpath,
// so `..` and symbolic links cannot step outside a root or into a blocked folder.
import { glob, lstat, open, readFile, realpath, stat, writeFile, appendFile } from 'node:fs/promises';
import { dirname, isAbsolute, resolve, sep } from 'node:path';
import type { FileAccess } from '../nodes/types.ts';

/** Largest file read into an item (binary data is held in memory). */
export const MAX_FILE_BYTES = 256 * 1024 * 1024;
/** Most files one pattern may select. */
export const MAX_GLOB_FILES = 10_000;

export class FileAccessError extends Error {
  description?: string;
  constructor(message: string, description?: string) {
    super(message);
    this.name = 'FileAccessError';
    this.description = description;
  }
}

const GLOB_CHARS = /[*?[\]{}()!]/;

function inside(path: string, root: string): boolean {
  return path === root || path.startsWith(root.endsWith(sep) ? root : root + sep);
}

// macOS and Windows file systems usually ignore case. realpath already gives existing folders
// their stored spelling; folding case as well keeps a blocked folder blocked under any spelling
// (erring towards refusing, so this is applied to blocked folders only, never to roots).
const FOLD_CASE = process.platform === 'darwin' || process.platform === 'win32';
const fold = (path: string) => (FOLD_CASE ? path.toLowerCase() : path);

function insideBlocked(path: string, blocked: string[]): string | undefined {
  return blocked.find((folder) => inside(fold(path), fold(folder)));
}

/**
 * realpath of a folder that may not exist yet (a blocked folder created later, such as
 * DATA_DIR/binaryData): the nearest existing ancestor resolved, the rest appended.
 */
async function canonical(path: string): Promise<string> {
  const abs = resolve(path);
  let existing = abs;
  for (;;) {
    try {
      const real = await realpath(existing);
      return existing === abs ? real : resolve(real, abs.slice(existing.length).replace(/^[\\/]+/, ''));
    } catch {
      const parent = dirname(existing);
      if (parent === existing) return abs;
      existing = parent;
    }
  }
}

/** The longest leading part of a pattern without glob syntax, as a folder path. */
function staticBase(pattern: string): string {
  const parts = pattern.split('/');
  const fixed: string[] = [];
  for (const part of parts) {
    if (GLOB_CHARS.test(part.replace(/\\./g, ''))) break;
    fixed.push(part.replace(/\\(.)/g, '$1'));
  }
  if (fixed.length === parts.length) fixed.pop();
  return fixed.join('/') || (pattern.startsWith('/') ? '/' : '.');
}

/**
 * @param roots folders nodes may use; none disables file access.
 * @param blocked folders inside the roots that stay out of reach (the instance's own data), checked
 *   after the roots with the same resolution.
 */
export function createFileAccess(roots: string[] | undefined, blocked: string[] = []): FileAccess {
  let realRoots: Promise<string[]> | undefined;
  let realBlocked: Promise<string[]> | undefined;
  const allowed = (): Promise<string[]> => {
    if (!roots?.length) {
      return Promise.reject(new FileAccessError('File access is disabled', 'This instance does not allow nodes to read or write files. An administrator can allow folders with SWITCHYARD_FILE_ACCESS_ROOTS (absolute paths separated by ;).'));
    }
    realRoots ??= Promise.all(roots.map(canonical));
    return realRoots;
  };
  const blockedFolders = (): Promise<string[]> => (realBlocked ??= Promise.all(blocked.map(canonical)));
  const denied = (path: string, rootList: string[]) =>
    new FileAccessError(`Access to the file is not allowed. Allowed paths: ${rootList.join(', ')}`, `"${path}" is outside the folders nodes may use`);
  const refused = (path: string) =>
    new FileAccessError(
      "Access to the file is not allowed: it is inside Switchyard's data folder",
      `"${path}" is inside a folder that holds the instance's own files (such as the database and binary data); nodes may not read or write there`,
    );

  const absolute = (path: string, rootList: string[]) => (isAbsolute(path) ? resolve(path) : resolve(rootList[0], path));

  /**
   * Real path of an existing file, or of the folder a new file would go into. The folder checks
   * come before any "not found" error, so a missing path outside the roots or inside a blocked
   * folder is refused rather than reported missing (nothing learnt about what exists there).
   */
  async function checked(path: string, forWrite: boolean): Promise<string> {
    const rootList = await allowed();
    const abs = absolute(path, rootList);
    let real: string | undefined;
    let failure: unknown;
    let newFile = false;
    try {
      real = await realpath(abs);
    } catch (e) {
      failure = e;
      if (forWrite && (e as NodeJS.ErrnoException).code === 'ENOENT') {
        try {
          real = resolve(await realpath(dirname(abs)), abs.slice(dirname(abs).length + 1));
          failure = undefined;
          newFile = true;
        } catch (e2) {
          failure = e2;
        }
      }
    }
    const where = real ?? (await canonical(abs));
    if (!rootList.some((root) => inside(where, root))) throw denied(path, rootList);
    if (insideBlocked(where, await blockedFolders())) throw refused(path);
    if (real === undefined) throw failure;
    if (newFile) {
      // A new file's name may be a dangling symbolic link, which writing would follow to a place
      // nobody checked.
      const link = await lstat(real).catch(() => undefined);
      if (link?.isSymbolicLink()) throw new FileAccessError('Access to the file is not allowed', `"${path}" is a symbolic link to a file that does not exist`);
    }
    return real;
  }

  return {
    async glob(pattern) {
      const rootList = await allowed();
      const absPattern = isAbsolute(pattern) ? pattern : `${rootList[0].split(sep).join('/')}/${pattern}`;
      const base = staticBase(absPattern);
      const realBase = await canonical(base);
      if (!rootList.some((root) => inside(realBase, root))) throw denied(pattern, rootList);
      const blockedList = await blockedFolders();
      if (insideBlocked(realBase, blockedList)) throw refused(pattern);
      const files: string[] = [];
      for await (const match of glob(absPattern)) {
        const real = await realpath(match).catch(() => undefined);
        // Matches outside the roots or inside a blocked folder are left out, so `root/**` still
        // works when the data folder lies under the root.
        if (!real || !rootList.some((root) => inside(real, root)) || insideBlocked(real, blockedList)) continue;
        if (!(await stat(real)).isFile()) continue;
        files.push(match);
        if (files.length > MAX_GLOB_FILES) throw new FileAccessError(`The pattern selects more than ${MAX_GLOB_FILES} files`);
      }
      return files.sort();
    },
    async readFile(path) {
      const real = await checked(path, false);
      const handle = await open(real, 'r');
      try {
        const { size } = await handle.stat();
        if (size > MAX_FILE_BYTES) throw new FileAccessError('The file is too large', `"${path}" has ${size} bytes, more than the ${MAX_FILE_BYTES} bytes a node may read`);
      } finally {
        await handle.close();
      }
      return new Uint8Array(await readFile(real));
    },
    async writeFile(path, data, options) {
      const real = await checked(path, true);
      if (options?.append) await appendFile(real, data);
      else await writeFile(real, data);
    },
  };
}
