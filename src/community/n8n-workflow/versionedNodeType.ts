// n8n's VersionedNodeType: one node type with a class per version range; the loader asks it for
// every version and its description.
interface NodeTypeLike {
  description: { version: number | number[]; [key: string]: unknown };
}

export class VersionedNodeType {
  currentVersion: number;
  nodeVersions: Record<number, NodeTypeLike>;
  description: Record<string, unknown> & { defaultVersion?: number };
  constructor(nodeVersions: Record<number, NodeTypeLike>, description: Record<string, unknown> & { defaultVersion?: number }) {
    this.nodeVersions = nodeVersions;
    this.description = description;
    this.currentVersion = description.defaultVersion ?? Math.max(...Object.keys(nodeVersions).map(Number));
  }
  getLatestVersion(): number {
    return Math.max(...Object.keys(this.nodeVersions).map(Number));
  }
  getNodeType(version?: number): NodeTypeLike {
    return (version !== undefined && this.nodeVersions[version]) || this.nodeVersions[this.currentVersion];
  }
}
