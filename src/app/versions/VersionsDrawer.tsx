// Modal 'versions' (spec 002 §2 versions drawer): from the left, 520 px, a card per version
// newer than this one — name, age, security / breaking-change marks, notes, new nodes — each
// linking to its documentation; the feed's 'how to update' page on top.
import { observer } from 'mobx-react-lite';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { faArrowUpRightFromSquare, faXmark } from '@fortawesome/free-solid-svg-icons';
import type { VersionInfo } from '../../model/api.ts';
import { useStores } from '../stores/context.ts';
import { Icon } from '../ui/Icon.tsx';
import { SafeHtml } from '../ui/SafeHtml.tsx';
import './versions.css';

const DAY_MS = 24 * 60 * 60 * 1000;

/** 'today', '1 day ago', '12 days ago' (the cards' release age). */
export function releasedAgo(createdAt: string, now = Date.now()): string {
  const at = Date.parse(createdAt);
  if (Number.isNaN(at)) return '';
  const days = Math.max(0, Math.floor((now - at) / DAY_MS));
  return days === 0 ? 'Released today' : `Released ${days} day${days === 1 ? '' : 's'} ago`;
}

function VersionCard({ version }: { version: VersionInfo }) {
  const name = `Version ${version.name}`;
  // The whole card opens the version's documentation through its title's link, stretched over
  // the card (CSS); links in the notes stay links of their own, not nested in another.
  return (
    <div className={`version-card${version.documentationUrl ? ' version-card-linked' : ''}`} data-testid="version-card">
      <div className="version-card-head">
        {version.documentationUrl ? (
          <a className="version-card-name" href={version.documentationUrl} target="_blank" rel="noopener noreferrer" data-testid="version-card-link">
            {name}
            <Icon icon={faArrowUpRightFromSquare} className="version-card-ext" />
          </a>
        ) : (
          <strong className="version-card-name">{name}</strong>
        )}
        {version.hasSecurityFix && <span className="version-tag version-tag-security">Security update</span>}
        {version.hasSecurityIssue && <span className="version-tag version-tag-security">Security issue</span>}
        {version.hasBreakingChange && <span className="version-tag version-tag-breaking">Breaking changes</span>}
        <span className="version-card-age">{releasedAgo(version.createdAt)}</span>
      </div>
      {version.description && <SafeHtml html={version.description} className="version-card-notes" />}
      {version.nodes.length > 0 && (
        <div className="version-card-nodes">
          {version.nodes.length} new node{version.nodes.length === 1 ? '' : 's'}: {version.nodes.map((n) => n.displayName || n.name).join(', ')}
        </div>
      )}
    </div>
  );
}

export const VersionsDrawer = observer(function VersionsDrawer() {
  const { ui, versions, settings } = useStores();
  const open = ui.modals.isOpen('versions');
  const count = versions.nextVersions.length;
  return (
    <ModalOverlay className="drawer-overlay" isOpen={open} isDismissable onOpenChange={(o) => !o && ui.modals.close('versions')}>
      <Modal className="versions-drawer" data-testid="versions-drawer">
        <Dialog className="versions-drawer-content" aria-label="Updates">
          <header className="versions-drawer-header">
            <Heading slot="title" className="versions-drawer-title">
              {count === 0 ? 'You are on the latest version' : `${count} update${count === 1 ? '' : 's'} available`}
            </Heading>
            <button type="button" className="btn btn-ghost btn-icon" aria-label="Close" onClick={() => ui.modals.close('versions')}>
              <Icon icon={faXmark} />
            </button>
          </header>
          <p className="versions-drawer-intro">
            You are on version {settings.version || '—'}.
            {versions.infoUrl && (
              <>
                {' '}
                <a href={versions.infoUrl} target="_blank" rel="noopener noreferrer" data-testid="versions-info-link">
                  How to update <Icon icon={faArrowUpRightFromSquare} />
                </a>
              </>
            )}
          </p>
          <div className="versions-drawer-list">
            {versions.nextVersions.map((v) => (
              <VersionCard key={v.name} version={v} />
            ))}
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
});
