// Community node packages (Settings → Community nodes, GET/POST/PATCH/DELETE /rest/nodes):
// installed with npm into <data folder>/nodes (install scripts are not run), recorded in the
// database, loaded into the package host and registered as node and credential types without
// a restart; the editor hears of it through push (reloadNodeType / removeNodeType).
import { execFile } from 'node:child_process';
import { accessSync, constants, realpathSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { delimiter, join, sep } from 'node:path';
import type { CommunityPackage } from '../../model/communityPackages.ts';
import { COMMUNITY_PACKAGE_KEYWORD, packageNameError } from '../../model/communityPackages.ts';
import type { LoadedPackage } from '../../community/protocol.ts';
import { setCommunityCredentialTypes } from '../../nodes/credentials/registry.ts';
import { latestVersion } from '../../model/nodeTypes.ts';
import type { InstalledPackagesRepository } from '../db/repositories/installedPackages.ts';
import type { PushHub } from '../push/PushHub.ts';
import { BadRequestError, ConflictError, NotFoundError, ServiceUnavailableError } from '../errors.ts';
import { PackageHost, packageDir } from './PackageHost.ts';
import { setPackageAuthHost } from './packageAuth.ts';
import { communityNodeTypes } from './communityNodeType.ts';
import type { LayeredNodeTypes } from './registry.ts';

/** npm's rule for package names (scoped or not), lower case, at most 214 characters. */
const NPM_NAME = /^(?:@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*$/;
const VERSION = /^[0-9A-Za-z.+~^<>=* -]{1,64}$/;
const NPM_TIMEOUT_MS = 5 * 60_000;
const UPDATE_CHECK_MS = 60 * 60_000;

export interface CommunityPackagesOptions {
  dataDir: string;
  registry: string;
  enabled: boolean;
  repo: InstalledPackagesRepository;
  nodeTypes: LayeredNodeTypes;
  push: PushHub;
  restPrefix: string;
  log: (level: 'info' | 'warn' | 'error', message: string) => void;
  /** How long package code may hold the host (tests shorten it). */
  unresponsiveMs?: number;
  /** Queue mode: packages already in the data folder load, none are installed or updated (spec 000 §2). */
  queueMode?: boolean;
}

/** The server's environment variables npm may need: proxies, certificate authorities, npm's settings. */
const NPM_PASSTHROUGH = /^(PATH|NODE_EXTRA_CA_CERTS|SSL_CERT_FILE|SSL_CERT_DIR|HTTPS?_PROXY|NO_PROXY|https?_proxy|no_proxy|npm_config_.+|NPM_CONFIG_.+)$/;

/** npm's settings that would move where it installs (npm sets them for `npm start`'s scripts). */
const NPM_PLACEMENT = /^npm_config_(local_prefix|prefix|global|global_prefix|cache|location|workspaces?|include_workspace_root|ignore_scripts|save|dry_run)$/i;

function npmEnvironment(): Record<string, string> {
  return Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => NPM_PASSTHROUGH.test(e[0]) && !NPM_PLACEMENT.test(e[0]) && typeof e[1] === 'string'));
}

interface NpmResult {
  stdout: string;
  stderr: string;
}

export class CommunityPackages {
  readonly dir: string;
  readonly host: PackageHost;
  readonly #o: CommunityPackagesOptions;
  #npmAvailable: boolean | undefined;
  /** Packages whose code did not load (listed with failedLoading). */
  readonly #failed = new Map<string, string>();
  /** Icon files by node type. */
  readonly #icons = new Map<string, string>();
  /** Credential type → its package and icon file. */
  readonly #credentialIcons = new Map<string, { packageName: string; path: string }>();
  #latest = new Map<string, { version: string; at: number }>();
  /** Packages loaded in the host (loaded again by a new host). */
  readonly #hosted = new Set<string>();
  /**
   * Told after a package was updated or removed, with its name: active workflows using its nodes
   * are started again with the new code, or shown as failed when the node is gone.
   */
  onPackageChanged?: (packageName: string) => Promise<void>;
  /** One install, update or removal at a time (npm shares one folder). */
  #queue: Promise<unknown> = Promise.resolve();

  constructor(o: CommunityPackagesOptions) {
    this.#o = o;
    this.dir = join(o.dataDir, 'nodes');
    this.host = new PackageHost({ packagesDir: this.dir, unresponsiveMs: o.unresponsiveMs, log: o.log });
    // Credential tests of package types whose authentication is package code run in this host.
    setPackageAuthHost(this.host);
    // A new host (the first, or one started after a package crashed or hung the last) loads
    // every package registered so far before it takes requests.
    this.host.bootstrap = async (request) => {
      for (const name of this.#hosted) {
        await request({ kind: 'load', dir: packageDir(this.dir, name) }, `loading ${name}`).catch((e: Error) => o.log('error', `community package ${name} could not be loaded again: ${e.message}`));
      }
    };
  }

  get enabled(): boolean {
    return this.#o.enabled;
  }

  /** Whether an `npm` executable is on the PATH (what GET /settings reports as isNpmAvailable). */
  get npmOnPath(): boolean {
    this.#npmOnPath ??= (process.env.PATH ?? '').split(delimiter).some((d) => {
      try {
        accessSync(join(d, 'npm'), constants.X_OK);
        return true;
      } catch {
        return false;
      }
    });
    return this.#npmOnPath;
  }
  #npmOnPath: boolean | undefined;

  /** Whether npm can be run (asked once). */
  async npmAvailable(): Promise<boolean> {
    if (this.#npmAvailable === undefined) {
      try {
        await this.#ensureFolder();
        await this.#npm(['--version'], 15_000);
        this.#npmAvailable = true;
      } catch {
        this.#npmAvailable = false;
      }
    }
    return this.#npmAvailable;
  }

  #npm(args: string[], timeout = NPM_TIMEOUT_MS): Promise<NpmResult> {
    return new Promise((resolve, reject) => {
      execFile(
        'npm',
        // One retry, 30 s per request: a registry that cannot be reached fails the dialog's wait soon.
        [...args, '--prefix', this.dir, '--registry', this.#o.registry, '--no-audit', '--no-fund', '--no-update-notifier', '--fetch-retries=1', '--fetch-timeout=30000'],
        {
          cwd: this.dir,
          timeout,
          maxBuffer: 16 * 1024 * 1024,
          // npm runs without the server's secrets (no SWITCHYARD_* settings); what it needs to reach
          // a registry (proxies, certificate authorities, npm's own settings) passes through.
          env: { ...npmEnvironment(), HOME: process.env.HOME ?? this.dir, npm_config_cache: join(this.#o.dataDir, 'npm-cache'), npm_config_loglevel: 'error', npm_config_ignore_scripts: 'true' },
        },
        (error, stdout, stderr) => (error ? reject(Object.assign(error, { stdout, stderr })) : resolve({ stdout, stderr })),
      );
    });
  }

  async #ensureFolder(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const manifest = join(this.dir, 'package.json');
    try {
      await readFile(manifest);
    } catch {
      await writeFile(manifest, `${JSON.stringify({ name: 'switchyard-installed-nodes', private: true, description: 'Community node packages installed through Settings → Community nodes', dependencies: {} }, null, 2)}\n`);
    }
  }

  #serial<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.#queue.then(fn, fn);
    this.#queue = next.catch(() => undefined);
    return next;
  }

  #assertNotQueueMode(): void {
    if (this.#o.queueMode) throw new BadRequestError('Community packages cannot be installed or updated in queue mode: every worker would need them (SWITCHYARD_EXECUTIONS_MODE=queue)');
  }

  #assertUsable(): void {
    if (!this.#o.enabled) throw new BadRequestError('Community packages are disabled on this instance (SWITCHYARD_COMMUNITY_PACKAGES_ENABLED)');
  }

  /** Loads every recorded package (at start, and after the host was restarted). */
  async loadAll(): Promise<void> {
    if (!this.#o.enabled) return;
    for (const p of await this.#o.repo.list()) {
      try {
        await this.#register(p.packageName, await this.#load(p.packageName));
      } catch (e) {
        this.#failed.set(p.packageName, (e as Error).message);
        this.#o.log('error', `community package ${p.packageName} could not be loaded: ${(e as Error).message}`);
      }
    }
  }

  async #load(name: string): Promise<LoadedPackage> {
    const loaded = (await this.host.request({ kind: 'load', dir: packageDir(this.dir, name) }, `loading ${name}`)) as LoadedPackage;
    this.#hosted.add(name);
    return loaded;
  }

  #register(name: string, loaded: LoadedPackage): Array<{ type: string; name: string; latestVersion: number }> {
    const types = communityNodeTypes(name, loaded.nodes, this.host, (type) => `${this.#o.restPrefix}/node-icon/${encodeURIComponent(type)}`);
    this.#o.nodeTypes.setPackage(name, types);
    // Icon paths come from the package host, where package code ran: each must be a file inside the package's folder.
    const inside = (path: string | undefined): path is string => {
      if (!path) return false;
      try {
        return realpathSync(path).startsWith(realpathSync(packageDir(this.dir, name)) + sep);
      } catch {
        return false;
      }
    };
    for (const node of loaded.nodes) if (inside(node.iconPath)) this.#icons.set(`${name}.${node.descriptions[0]?.name}`, node.iconPath);
    const taken = setCommunityCredentialTypes(name, loaded.credentials);
    for (const [type, path] of Object.entries(loaded.credentialIcons ?? {})) if (!taken.includes(type) && inside(path)) this.#credentialIcons.set(type, { packageName: name, path });
    if (taken.length) this.#o.log('warn', `community package ${name}: credential types ${taken.join(', ')} are built in; the built-in ones are kept`);
    if (loaded.error) this.#failed.set(name, loaded.error);
    else this.#failed.delete(name);
    const seen = new Map<string, { type: string; name: string; latestVersion: number }>();
    for (const t of types) {
      const v = latestVersion(t.description);
      const had = seen.get(t.description.name);
      if (!had || had.latestVersion < v) seen.set(t.description.name, { type: t.description.name, name: t.description.displayName, latestVersion: v });
    }
    return [...seen.values()];
  }

  #unregister(name: string): Array<{ name: string; version: number }> {
    this.#hosted.delete(name);
    const gone = this.#o.nodeTypes.descriptions().filter((d) => d.name.startsWith(`${name}.`)).map((d) => ({ name: d.name, version: latestVersion(d) }));
    this.#o.nodeTypes.removePackage(name);
    setCommunityCredentialTypes(name, []);
    for (const key of [...this.#icons.keys()]) if (key.startsWith(`${name}.`)) this.#icons.delete(key);
    for (const [type, icon] of [...this.#credentialIcons]) if (icon.packageName === name) this.#credentialIcons.delete(type);
    this.#failed.delete(name);
    return gone;
  }

  iconPath(type: string): string | undefined {
    return this.#icons.get(type);
  }

  /** A package credential type's 'file:' icon (absolute path inside its package folder). */
  credentialIconPath(type: string): string | undefined {
    return this.#credentialIcons.get(type)?.path;
  }

  async list(): Promise<CommunityPackage[]> {
    const packages = await this.#o.repo.list();
    await Promise.all(packages.map((p) => this.#latestVersion(p.packageName).catch(() => undefined)));
    return packages.map((p) => this.#decorate(p));
  }

  #decorate(p: CommunityPackage): CommunityPackage {
    const latest = this.#latest.get(p.packageName)?.version;
    return { ...p, ...(latest && latest !== p.installedVersion ? { updateAvailable: latest } : {}), ...(this.#failed.has(p.packageName) ? { failedLoading: true, failedLoadingReason: this.#failed.get(p.packageName) } : {}) };
  }

  /** The registry's latest version of a package (cached for an hour). */
  async #latestVersion(name: string): Promise<string | undefined> {
    const cached = this.#latest.get(name);
    if (cached && Date.now() - cached.at < UPDATE_CHECK_MS) return cached.version;
    const { stdout } = await this.#npm(['view', name, 'version', '--json'], 30_000);
    const version = JSON.parse(stdout) as string;
    this.#latest.set(name, { version, at: Date.now() });
    return version;
  }

  /** What the registry says of `spec`, checked to be a community node package. */
  async #inspect(name: string, version?: string): Promise<{ version: string; authorName?: string; authorEmail?: string }> {
    let view: { name?: string; version?: string | string[]; keywords?: string[]; author?: string | { name?: string; email?: string }; n8n?: unknown };
    try {
      const { stdout } = await this.#npm(['view', version ? `${name}@${version}` : name, 'name', 'version', 'keywords', 'author', 'n8n', '--json'], 60_000);
      if (!stdout.trim()) throw new BadRequestError(`Package "${name}"${version ? ` has no version ${version}` : ' was not found'} in the npm registry`);
      view = JSON.parse(stdout);
      if (Array.isArray(view)) view = view[view.length - 1];
    } catch (e) {
      if (e instanceof BadRequestError) throw e;
      const text = `${(e as NpmResult).stderr ?? ''}${(e as Error).message}`;
      // A version the package does not have is an E404 too for npm 10+ ("No match found for version 1.2.3").
      if (version && /ETARGET|No matching version|No match found for version/i.test(text)) throw new BadRequestError(`Package "${name}" has no version ${version}`);
      if (/E404|404 Not Found|is not in this registry/i.test(text)) throw new BadRequestError(`Package "${name}" was not found in the npm registry`);
      throw new ServiceUnavailableError(`The npm registry could not be asked about "${name}": ${text.split('\n').find((l) => l.trim()) ?? 'no answer'}`);
    }
    if (!(view.keywords ?? []).includes(COMMUNITY_PACKAGE_KEYWORD) || !view.n8n) {
      throw new BadRequestError(`Package "${name}" is not a community node package: it has no "${COMMUNITY_PACKAGE_KEYWORD}" keyword or no "n8n" section in its package.json`);
    }
    const author = typeof view.author === 'string' ? { name: view.author.replace(/\s*<.*$/, '').trim(), email: /<([^>]+)>/.exec(view.author)?.[1] } : (view.author ?? {});
    return { version: String(Array.isArray(view.version) ? view.version[view.version.length - 1] : view.version), authorName: author.name || undefined, authorEmail: author.email || undefined };
  }

  #checkName(name: unknown): string {
    if (typeof name !== 'string') throw new BadRequestError('body/name must be a package name');
    const problem = packageNameError(name);
    if (problem) throw new BadRequestError(problem);
    if (!NPM_NAME.test(name)) throw new BadRequestError(`"${name}" is not a valid npm package name`);
    return name;
  }

  async #installFiles(name: string, version: string): Promise<void> {
    try {
      // Peer dependencies (n8n-workflow) are not installed: the host gives packages our own.
      await this.#npm(['install', '--save-exact', '--omit=dev', '--legacy-peer-deps', `${name}@${version}`]);
    } catch (e) {
      const text = `${(e as NpmResult).stderr ?? ''}`.split('\n').filter((l) => l.includes('ERR')).slice(0, 3).join(' ') || (e as Error).message;
      throw new BadRequestError(`npm could not install ${name}@${version}: ${text}`);
    }
  }

  install(rawName: unknown, rawVersion?: unknown): Promise<CommunityPackage> {
    this.#assertUsable();
    this.#assertNotQueueMode();
    const name = this.#checkName(rawName);
    if (rawVersion !== undefined && (typeof rawVersion !== 'string' || !VERSION.test(rawVersion))) throw new BadRequestError('body/version must be a version or range, e.g. 1.2.3');
    return this.#serial(async () => {
      if (!(await this.npmAvailable())) throw new ServiceUnavailableError('npm is not available on this server: community packages cannot be installed');
      if (await this.#o.repo.get(name)) throw new ConflictError(`Package "${name}" is already installed`);
      await this.#ensureFolder();
      const info = await this.#inspect(name, rawVersion as string | undefined);
      await this.#installFiles(name, info.version);
      let loaded: LoadedPackage;
      try {
        loaded = await this.#load(name);
      } catch (e) {
        loaded = { name, version: info.version, nodes: [], credentials: [], error: (e as Error).message };
      }
      if (loaded.nodes.length === 0) {
        await this.#npm(['uninstall', '--legacy-peer-deps', name]).catch(() => undefined);
        await this.host.request({ kind: 'unload', dir: packageDir(this.dir, name) }, `unloading ${name}`).catch(() => undefined);
        throw new BadRequestError(`Package "${name}" could not be loaded, so it was not installed: ${loaded.error ?? 'it has no nodes'}`);
      }
      const nodes = this.#register(name, loaded);
      await this.#o.repo.save({ packageName: name, installedVersion: loaded.version, authorName: info.authorName, authorEmail: info.authorEmail, nodes });
      // Installed without a version: this is the registry's latest. With one (name@1.0.0), the
      // registry is asked, so an older version shows its update.
      if (rawVersion === undefined) this.#latest.set(name, { version: loaded.version, at: Date.now() });
      else await this.#latestVersion(name).catch(() => undefined);
      for (const n of nodes) this.#o.push.broadcast({ type: 'reloadNodeType', data: { name: n.type, version: n.latestVersion } });
      return this.#decorate((await this.#o.repo.get(name))!);
    });
  }

  update(rawName: unknown): Promise<CommunityPackage> {
    this.#assertUsable();
    this.#assertNotQueueMode();
    const name = this.#checkName(rawName);
    return this.#serial(async () => {
      const installed = await this.#o.repo.get(name);
      if (!installed) throw new NotFoundError(`Package "${name}" is not installed`);
      this.#latest.delete(name);
      const info = await this.#inspect(name);
      await this.#installFiles(name, info.version);
      await this.host.request({ kind: 'unload', dir: packageDir(this.dir, name) }, `unloading ${name}`);
      const before = this.#unregister(name);
      const loaded = await this.#load(name);
      const nodes = this.#register(name, loaded);
      await this.#o.repo.save({ packageName: name, installedVersion: loaded.version, authorName: info.authorName, authorEmail: info.authorEmail, nodes });
      for (const gone of before) if (!nodes.some((n) => n.type === gone.name)) this.#o.push.broadcast({ type: 'removeNodeType', data: gone });
      for (const n of nodes) this.#o.push.broadcast({ type: 'reloadNodeType', data: { name: n.type, version: n.latestVersion } });
      await this.#changed(name);
      return this.#decorate((await this.#o.repo.get(name))!);
    });
  }

  async #changed(name: string): Promise<void> {
    try {
      await this.onPackageChanged?.(name);
    } catch (e) {
      this.#o.log('error', `active workflows using ${name} could not be started again: ${(e as Error).message}`);
    }
  }

  uninstall(rawName: unknown): Promise<void> {
    this.#assertUsable();
    const name = this.#checkName(rawName);
    return this.#serial(async () => {
      if (!(await this.#o.repo.get(name))) throw new NotFoundError(`Package "${name}" is not installed`);
      await this.host.request({ kind: 'unload', dir: packageDir(this.dir, name) }, `unloading ${name}`).catch(() => undefined);
      const gone = this.#unregister(name);
      await this.#o.repo.delete(name);
      await this.#npm(['uninstall', '--legacy-peer-deps', name]).catch((e: Error) => this.#o.log('warn', `npm uninstall ${name}: ${e.message}`));
      this.#latest.delete(name);
      for (const g of gone) this.#o.push.broadcast({ type: 'removeNodeType', data: g });
      await this.#changed(name);
    });
  }

  async stop(): Promise<void> {
    await this.host.stop();
  }
}
