import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, configMarkdownTable, loadConfig, normaliseBasePath } from '../../src/server/config.ts';

describe('config', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(5678);
    expect(c.host).toBe('127.0.0.1');
    expect(c.dataDir).toBe(join(homedir(), '.switchyard'));
    expect(c.basePath).toBe('/');
    expect(c.timezone).toBe('America/New_York');
    expect(c.executionsTimeout).toBe(-1);
    expect(c.saveDataErrorExecution).toBe('all');
    expect(c.saveDataSuccessExecution).toBe('all');
    expect(c.saveManualExecutions).toBe(false);
    expect(c.saveExecutionProgress).toBe(false);
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

  it('rejects a default timeout above the maximum', () => {
    expect(() => loadConfig({ SWITCHYARD_EXECUTIONS_TIMEOUT: '7200', SWITCHYARD_EXECUTIONS_TIMEOUT_MAX: '3600' })).toThrow(
      /SWITCHYARD_EXECUTIONS_TIMEOUT \(7200\) must not exceed SWITCHYARD_EXECUTIONS_TIMEOUT_MAX/,
    );
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
