// Disk access for nodes (Read Binary Files, Read/Write Files from Disk), confined to the folders
// a run allows (RunOptions.fileAccessRoots). No roots means no file access at all. Paths are
// resolved with realpath, so `..` and symbolic links cannot step outside a root.
import { glob, open, readFile, realpath, stat, writeFile, appendFile } from 'node:fs/promises';
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

export function createFileAccess(roots: string[] | undefined): FileAccess {
  let realRoots: Promise<string[]> | undefined;
  const allowed = (): Promise<string[]> => {
    if (!roots?.length) {
      return Promise.reject(new FileAccessError('File access is disabled', 'This instance does not allow nodes to read or write files. An administrator can allow folders with SWITCHYARD_FILE_ACCESS_ROOTS (absolute paths separated by ;).'));
    }
    realRoots ??= Promise.all(roots.map(async (r) => realpath(resolve(r)).catch(() => resolve(r))));
    return realRoots;
  };
  const denied = (path: string, rootList: string[]) =>
    new FileAccessError(`Access to the file is not allowed. Allowed paths: ${rootList.join(', ')}`, `"${path}" is outside the folders nodes may use`);

  const absolute = (path: string, rootList: string[]) => (isAbsolute(path) ? resolve(path) : resolve(rootList[0], path));

  /** Real path of an existing file, or of the folder a new file would go into. */
  async function checked(path: string, forWrite: boolean): Promise<string> {
    const rootList = await allowed();
    const abs = absolute(path, rootList);
    let real: string;
    try {
      real = await realpath(abs);
    } catch (e) {
      if (!forWrite || (e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
      real = resolve(await realpath(dirname(abs)), abs.slice(dirname(abs).length + 1));
    }
    if (!rootList.some((root) => inside(real, root))) throw denied(path, rootList);
    return real;
  }

  return {
    async glob(pattern) {
      const rootList = await allowed();
      const absPattern = isAbsolute(pattern) ? pattern : `${rootList[0].split(sep).join('/')}/${pattern}`;
      const base = staticBase(absPattern);
      const realBase = await realpath(base).catch(() => resolve(base));
      if (!rootList.some((root) => inside(realBase, root))) throw denied(pattern, rootList);
      const files: string[] = [];
      for await (const match of glob(absPattern)) {
        const real = await realpath(match).catch(() => undefined);
        if (!real || !rootList.some((root) => inside(real, root))) continue;
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
