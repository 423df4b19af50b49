// What the node details view says about a node whose type (or type version) this instance does
// not have (spec 001 §2.7 "Unknown node type"). As n8n decides it: a type from a community package
// (its package name is 'n8n-nodes-…' other than n8n-nodes-base, or '@scope/n8n-nodes-…' outside
// @n8n) gets the community-node variant, which names the package and links to installing it;
// every other type (n8n's own AI nodes from @n8n/n8n-nodes-langchain, custom nodes, a newer
// version of a built-in node) the general one.

/** The npm package of a node type ('n8n-nodes-foo.bar' → 'n8n-nodes-foo', '@acme/n8n-nodes-x.y' → '@acme/n8n-nodes-x'). */
export function packageOfType(type: string): string {
  const dot = type.indexOf('.', type.startsWith('@') ? type.indexOf('/') + 1 : 0);
  return dot < 0 ? type : type.slice(0, dot);
}

/** n8n's isCommunityPackageName: 'n8n-nodes-*' but not n8n-nodes-base, optionally scoped, never @n8n/. */
export function isCommunityPackage(packageName: string): boolean {
  return /^(?!@n8n\/)(@[\w.-]+\/)?n8n-nodes-(?!base\b)\w[\w.-]*$/.test(packageName);
}

export interface UnknownTypeNotice {
  title: string;
  description: string;
  /** The community package to install, for the community variant. */
  communityPackage?: string;
  /** Versions of the type this instance has, when only the version is unknown. */
  knownVersions?: number[];
}

export function unknownTypeNotice(type: string, typeVersion: number, knownVersions: number[]): UnknownTypeNotice {
  const pkg = packageOfType(type);
  if (knownVersions.length) {
    return {
      title: 'Install this node to use it',
      description: `This node is version ${typeVersion} of a type this instance has only in version${knownVersions.length === 1 ? '' : 's'} ${knownVersions.join(', ')}. It is from a newer version of n8n, or the file names a version that does not exist.`,
      knownVersions,
    };
  }
  if (isCommunityPackage(pkg)) {
    return {
      title: 'Install this node to use it',
      description: `This node is not currently installed. It is part of the ${pkg} community package.`,
      communityPackage: pkg,
    };
  }
  return {
    title: 'Install this node to use it',
    description: 'This node is not currently installed. It is either from a newer version of n8n, a custom node, or has an invalid structure.',
  };
}
