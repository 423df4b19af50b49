import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { codeMemoryMb } from '../../src/engine/sandbox/codeMemory.ts';
import { CONFIG_VARIABLES, ConfigError, configMarkdownTable, loadConfig, normaliseBasePath, systemTimezone } from '../../src/server/config.ts';

describe('SWITCHYARD_CODE_MEMORY_MB', () => {
  it('is a whole number of MB from 16 to 4096, 128 by default; anything else is refused at start, naming it', () => {
    expect(loadConfig({}).codeMemoryMb).toBe(128);
    expect(loadConfig({ SWITCHYARD_CODE_MEMORY_MB: '512' }).codeMemoryMb).toBe(512);
    for (const bad of ['abc', '8', '5000', '1.5', '-1']) {
      expect(() => loadConfig({ SWITCHYARD_CODE_MEMORY_MB: bad }), bad).toThrow(ConfigError);
      expect(() => loadConfig({ SWITCHYARD_CODE_MEMORY_MB: bad }), bad).toThrow(/SWITCHYARD_CODE_MEMORY_MB must be a whole number of MB from 16 to 4096/);
    }
    // The sandbox reads the same variable (a bad value never gets past the start; the default then).
    expect(codeMemoryMb({ SWITCHYARD_CODE_MEMORY_MB: '256' })).toBe(256);
    expect(codeMemoryMb({ SWITCHYARD_CODE_MEMORY_MB: 'abc' })).toBe(128);
    expect(codeMemoryMb({})).toBe(128);
  });
});

describe('config', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(5678);
    expect(c.host).toBe('127.0.0.1');
    expect(c.dataDir).toBe(join(homedir(), '.switchyard'));
    expect(c.basePath).toBe('/');
    expect(c.timezone).toBe(systemTimezone({}));
    expect(c.executionsTimeout).toBe(-1);
    expect(c.saveDataErrorExecution).toBe('all');
    expect(c.saveDataSuccessExecution).toBe('all');
    expect(c.saveManualExecutions).toBe(false);
    expect(c.saveExecutionProgress).toBe(false);
  });

  it('the default time zone is the machine\'s, not New York', () => {
    const system = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(loadConfig({}).timezone).toBe(system);
    // TZ as written (ICU would call Asia/Kolkata Asia/Calcutta); a setting still wins.
    expect(loadConfig({ TZ: 'Asia/Kolkata' }).timezone).toBe('Asia/Kolkata');
    expect(loadConfig({ TZ: ':UTC' }).timezone).toBe('UTC');
    expect(loadConfig({ TZ: 'Asia/Kolkata', SWITCHYARD_TIMEZONE: 'Europe/Berlin' }).timezone).toBe('Europe/Berlin');
    // A TZ that names no zone (a path, a POSIX rule) leaves the system's.
    expect(loadConfig({ TZ: '/usr/share/zoneinfo/Nowhere' }).timezone).toBe(system);
    expect(configMarkdownTable()).toMatch(/\| `SWITCHYARD_TIMEZONE` \| the system's \|/);
  });

  it('reads and normalises values', () => {
    const c = loadConfig({
      SWITCHYARD_PORT: '8080',
      SWITCHYARD_BASE_PATH: 'flows',
      SWITCHYARD_DATA_DIR: '~/data',
      SWITCHYARD_EXECUTIONS_TIMEOUT: '60',
      SWITCHYARD_EXECUTIONS_DATA_SAVE_MANUAL: 'true',
      SWITCHYARD_TIMEZONE: 'Europe/Berlin',
    });
    expect(c.port).toBe(8080);
    expect(c.basePath).toBe('/flows/');
    expect(c.dataDir).toBe(join(homedir(), 'data'));
    expect(c.executionsTimeout).toBe(60);
    expect(c.saveManualExecutions).toBe(true);
    expect(c.timezone).toBe('Europe/Berlin');
  });

  it.each([
    ['SWITCHYARD_PORT', 'abc'],
    ['SWITCHYARD_PORT', '70000'],
    ['SWITCHYARD_HOST', 'bad host!'],
    ['SWITCHYARD_BASE_PATH', '/a b/'],
    ['SWITCHYARD_BASE_PATH', '/../x/'],
    ['SWITCHYARD_TIMEZONE', 'Mars/Olympus'],
    ['SWITCHYARD_EXECUTIONS_TIMEOUT', '0'],
    ['SWITCHYARD_EXECUTIONS_DATA_SAVE_ON_ERROR', 'some'],
    ['SWITCHYARD_EXECUTIONS_DATA_SAVE_MANUAL', 'yes please'],
    ['SWITCHYARD_LOG_LEVEL', 'loud'],
    ['SWITCHYARD_EDITOR_BASE_URL', 'ftp://x'],
  ])('rejects %s=%s with a message naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });

  it('version notifications: on, the own feed by default; the info page kept as written, other schemes refused', () => {
    const d = loadConfig({});
    expect([d.versionNotificationsEnabled, d.versionNotificationsEndpoint, d.versionNotificationsInfoUrl]).toEqual([true, '', '']);
    const c = loadConfig({ SWITCHYARD_VERSION_NOTIFICATIONS_ENDPOINT: 'https://api.n8n.io/api/versions', SWITCHYARD_VERSION_NOTIFICATIONS_INFO_URL: 'https://docs.example.com/update.html' });
    expect(c.versionNotificationsEndpoint).toBe('https://api.n8n.io/api/versions/');
    expect(c.versionNotificationsInfoUrl).toBe('https://docs.example.com/update.html');
    expect(() => loadConfig({ SWITCHYARD_VERSION_NOTIFICATIONS_INFO_URL: 'javascript:alert(1)' })).toThrow(ConfigError);
  });

  it('rejects a default timeout above the maximum', () => {
    expect(() => loadConfig({ SWITCHYARD_EXECUTIONS_TIMEOUT: '7200', SWITCHYARD_EXECUTIONS_TIMEOUT_MAX: '3600' })).toThrow(
      /SWITCHYARD_EXECUTIONS_TIMEOUT \(7200\) must not exceed SWITCHYARD_EXECUTIONS_TIMEOUT_MAX/,
    );
  });

  describe('SWITCHYARD_FILE_ACCESS_ROOTS', () => {
    const a = mkdtempSync(join(tmpdir(), 'switchyard-roots-a-'));
    const b = mkdtempSync(join(tmpdir(), 'switchyard-roots-b-'));
    afterAll(() => {
      rmSync(a, { recursive: true, force: true });
      rmSync(b, { recursive: true, force: true });
    });
    const roots = (value: string) => loadConfig({ SWITCHYARD_FILE_ACCESS_ROOTS: value }).fileAccessRoots;

    it('is empty (file access disabled) by default', () => {
      expect(loadConfig({}).fileAccessRoots).toEqual([]);
      expect(roots('')).toEqual([]);
      expect(roots(' ; ;')).toEqual([]);
    });

    it('reads absolute folders separated by ;, trimmed, normalised, without empties or repeats', () => {
      expect(roots(`${a}`)).toEqual([a]);
      expect(roots(` ${a}/ ;; ${b}/sub/.. ;${a}`)).toEqual([a, b]);
    });

    it('expands a leading ~ to the home folder', () => {
      expect(roots('~')).toEqual([homedir()]);
    });

    it('refuses a relative folder, naming the variable and the entry', () => {
      expect(() => roots(`${a};files/out`)).toThrow(ConfigError);
      expect(() => roots(`${a};files/out`)).toThrow('SWITCHYARD_FILE_ACCESS_ROOTS must list absolute folders separated by ; (got the relative path "files/out")');
      expect(() => roots('~other/x')).toThrow(/relative path "~other\/x"/);
    });

    it('refuses a folder that does not exist or is a file, naming it', () => {
      const missing = join(a, 'missing');
      expect(() => roots(`${b};${missing}`)).toThrow(`SWITCHYARD_FILE_ACCESS_ROOTS: folder "${missing}" does not exist`);
      const file = join(a, 'file.txt');
      writeFileSync(file, 'x');
      expect(() => roots(file)).toThrow(`SWITCHYARD_FILE_ACCESS_ROOTS: "${file}" is not a folder`);
    });
  });

  it('normalises base paths', () => {
    expect(normaliseBasePath('')).toBe('/');
    expect(normaliseBasePath('/')).toBe('/');
    expect(normaliseBasePath('/a/b')).toBe('/a/b/');
  });

  it('every variable is SWITCHYARD_-prefixed and documented', () => {
    for (const v of CONFIG_VARIABLES) {
      expect(v.name).toMatch(/^SWITCHYARD_[A-Z_]+$/);
      expect(v.meaning.length).toBeGreaterThan(10);
    }
  });

  it('the README Configuration section holds the current table', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    expect(readme).toContain('## Configuration');
    expect(readme).toContain(configMarkdownTable());
  });
});
