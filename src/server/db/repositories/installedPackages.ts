// Installed community packages and their node types (tables installed_packages, installed_nodes).
import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import type { CommunityPackage } from '../../../model/communityPackages.ts';

export interface InstalledPackageRecord {
  packageName: string;
  installedVersion: string;
  authorName?: string;
  authorEmail?: string;
  nodes: Array<{ type: string; name: string; latestVersion: number }>;
}

export class InstalledPackagesRepository {
  readonly #db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async list(): Promise<CommunityPackage[]> {
    const packages = await this.#db.selectFrom('installed_packages').selectAll().orderBy('packageName').execute();
    const nodes = await this.#db.selectFrom('installed_nodes').selectAll().orderBy('name').execute();
    return packages.map((p) => ({
      packageName: p.packageName,
      installedVersion: p.installedVersion,
      ...(p.authorName ? { authorName: p.authorName } : {}),
      ...(p.authorEmail ? { authorEmail: p.authorEmail } : {}),
      installedNodes: nodes.filter((n) => n.package === p.packageName).map((n) => ({ name: n.name, type: n.type, latestVersion: n.latestVersion })),
      createdAt: p.createdAt,
      updatedAt: p.updatedAt,
    }));
  }

  async get(packageName: string): Promise<CommunityPackage | undefined> {
    return (await this.list()).find((p) => p.packageName === packageName);
  }

  /** Inserts or replaces a package and its nodes (install and update), in one transaction. */
  async save(record: InstalledPackageRecord): Promise<void> {
    const now = new Date().toISOString();
    await this.#db.transaction().execute(async (tx) => {
      const existing = await tx.selectFrom('installed_packages').select('createdAt').where('packageName', '=', record.packageName).executeTakeFirst();
      await tx.deleteFrom('installed_nodes').where('package', '=', record.packageName).execute();
      await tx.deleteFrom('installed_packages').where('packageName', '=', record.packageName).execute();
      await tx
        .insertInto('installed_packages')
        .values({ packageName: record.packageName, installedVersion: record.installedVersion, authorName: record.authorName ?? null, authorEmail: record.authorEmail ?? null, createdAt: existing?.createdAt ?? now, updatedAt: now })
        .execute();
      if (record.nodes.length) await tx.insertInto('installed_nodes').values(record.nodes.map((n) => ({ ...n, package: record.packageName }))).execute();
    });
  }

  async delete(packageName: string): Promise<void> {
    await this.#db.transaction().execute(async (tx) => {
      await tx.deleteFrom('installed_nodes').where('package', '=', packageName).execute();
      await tx.deleteFrom('installed_packages').where('packageName', '=', packageName).execute();
    });
  }
}
