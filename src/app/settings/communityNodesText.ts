// Texts of Settings → Community nodes that follow rules (spec 000 §2, §8, §9).
import { packageCountShown } from '../../model/communityPackages.ts';

/** Spec 000 §8: the list could not be fetched. */
export const FETCH_ERROR_TITLE = 'Problem fetching installed packages';
export const FAILED_LOADING_TEXT = 'This package failed to load: its nodes, or some of them, are not available. Update it, or uninstall and install it again.';

/** The empty state's line (spec 000 §2, §9): generic below 31 packages (or unknown), else the count rounded down to tens. */
export function emptyStateText(count: number | undefined): string {
  const shown = packageCountShown(count);
  return shown === undefined
    ? 'Install node packages contributed by the community: they add nodes for more apps and services to the node creator.'
    : `Install over ${shown.toLocaleString('en-US')} node packages contributed by the community: they add nodes for more apps and services to the node creator.`;
}
